-- Companies and sites (seed 000 §3: empresas, obras) and the sites a user or worker is tied to.
-- All three are generic record streams (`empresa-{id}`, `obra-{id}`, `user_obra-{id}`) kept
-- inline by projections/sites in the same transaction as their events.

CREATE TABLE rm_empresas (
  id           bigint PRIMARY KEY,
  nombre       text NOT NULL,
  ruc          text NOT NULL DEFAULT '',
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_empresas_nombre ON rm_empresas (lower(nombre));

CREATE TABLE rm_obras (
  id               bigint PRIMARY KEY,
  id_empresa       bigint NOT NULL,
  codigo           text NOT NULL DEFAULT '',
  nombre           text NOT NULL,
  direccion        text NOT NULL DEFAULT '',
  ciudad           text NOT NULL DEFAULT '',
  gastos_generales numeric(14, 2) NOT NULL DEFAULT 0, -- overheads of the site (profitability reports)
  estado           smallint NOT NULL DEFAULT 1,
  version          bigint NOT NULL,
  date_created     timestamptz NOT NULL,
  date_updated     timestamptz NOT NULL
);
CREATE INDEX rm_obras_empresa ON rm_obras (id_empresa, lower(nombre));

-- A user's specific sites (a user with all_works = 1 is tied to every site instead). A site is
-- assigned once per user: the unique index backs the API's check against concurrent saves.
CREATE TABLE rm_user_obras (
  id           bigint PRIMARY KEY,
  id_user      bigint NOT NULL,
  id_empresa   bigint NOT NULL,
  id_obra      bigint NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE UNIQUE INDEX rm_user_obras_user_obra ON rm_user_obras (id_user, id_obra);
CREATE INDEX rm_user_obras_obra ON rm_user_obras (id_obra);
