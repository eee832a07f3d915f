-- Access control read models (seed 000 §3, §6): modules (menu entries), profiles (roles) with
-- per-module rights, users and workers, sessions. Modules, roles and users are record streams
-- (events/record) projected inline by projections/access; sessions are `session-{uuid}` streams.

CREATE TABLE rm_modules (
  id           bigint PRIMARY KEY,
  id_type_user integer NOT NULL DEFAULT 1,
  id_parent    bigint,
  type         text NOT NULL DEFAULT 'item',      -- group | collapse | item | link | divider
  name         text NOT NULL,
  translate    jsonb NOT NULL DEFAULT '{}'::jsonb, -- {"en": …, "tr": …, "ar": …}
  icon         text NOT NULL DEFAULT '',
  url          text,
  section      text NOT NULL DEFAULT '',
  level        integer NOT NULL DEFAULT 1,
  orden        integer NOT NULL DEFAULT 0,
  root         smallint NOT NULL DEFAULT 0,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE UNIQUE INDEX rm_modules_url ON rm_modules (url) WHERE url IS NOT NULL;
CREATE INDEX rm_modules_order ON rm_modules (id_type_user, id_parent, orden);

CREATE TABLE rm_roles (
  id             bigint PRIMARY KEY,
  name           text NOT NULL,
  id_type_user   integer NOT NULL DEFAULT 1,
  id_module      bigint,             -- home module
  "system_user"  smallint NOT NULL DEFAULT 1, -- quoted: SYSTEM_USER is an SQL keyword
  admin          smallint NOT NULL DEFAULT 0,
  menu_collapsed smallint NOT NULL DEFAULT 0,
  horometros     smallint NOT NULL DEFAULT 0,
  protected      smallint NOT NULL DEFAULT 0,
  estado         smallint NOT NULL DEFAULT 1,
  version        bigint NOT NULL,
  date_created   timestamptz NOT NULL,
  date_updated   timestamptz NOT NULL
);

CREATE TABLE rm_role_permissions (
  id_role   bigint NOT NULL,
  id_module bigint NOT NULL,
  see       smallint NOT NULL DEFAULT 0,
  edit      smallint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_role, id_module)
);

CREATE TABLE rm_users (
  id                   bigint PRIMARY KEY,
  id_role              bigint NOT NULL,
  id_obra              bigint,
  name                 text NOT NULL,
  surname              text NOT NULL DEFAULT '',
  document             text NOT NULL DEFAULT '',
  phone                text NOT NULL DEFAULT '',
  email                text,
  pic_firma            text,
  tipo_trabajo         text,
  fecha_ingreso        date,
  fecha_salida         date,
  all_works            smallint NOT NULL DEFAULT 0,
  can_approve_requests smallint NOT NULL DEFAULT 0,
  can_create_request   smallint NOT NULL DEFAULT 0,
  id_language          integer NOT NULL DEFAULT 1,
  settings             jsonb NOT NULL DEFAULT '{}'::jsonb,
  shortcuts            jsonb NOT NULL DEFAULT '[]'::jsonb,
  protected            smallint NOT NULL DEFAULT 0,
  estado               smallint NOT NULL DEFAULT 1,
  version              bigint NOT NULL,
  date_created         timestamptz NOT NULL,
  date_updated         timestamptz NOT NULL
);
CREATE UNIQUE INDEX rm_users_email ON rm_users (lower(email)) WHERE email IS NOT NULL AND email <> '';
CREATE INDEX rm_users_role ON rm_users (id_role);

-- Password hashes stay out of the event log (events say only that a password changed).
CREATE TABLE auth_credentials (
  id_user       bigint PRIMARY KEY,
  password_hash text NOT NULL,
  generic       smallint NOT NULL DEFAULT 0,   -- 1: an administrator set it; the user must change it
  updated_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_sessions (
  id               uuid PRIMARY KEY,
  token_hash       bytea NOT NULL UNIQUE,
  id_user          bigint NOT NULL,
  id_user_original bigint,             -- the administrator behind a 'login as'
  platform         text NOT NULL DEFAULT '',
  language         text NOT NULL DEFAULT '',
  os               text NOT NULL DEFAULT '',
  os_version       text NOT NULL DEFAULT '',
  device_brand     text NOT NULL DEFAULT '',
  device_model     text NOT NULL DEFAULT '',
  app_version      text NOT NULL DEFAULT '',
  uuid             text NOT NULL DEFAULT '',
  ip               text NOT NULL DEFAULT '',
  date_created     timestamptz NOT NULL,
  date_updated     timestamptz NOT NULL,
  date_expiration  timestamptz NOT NULL,
  date_deleted     timestamptz
);
CREATE INDEX auth_sessions_user ON auth_sessions (id_user) WHERE date_deleted IS NULL;

-- Failed sign-ins, for throttling per account and per address (shared by every API replica).
CREATE TABLE auth_login_failures (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  account    text NOT NULL,
  address    text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_login_failures_account ON auth_login_failures (account, at);
CREATE INDEX auth_login_failures_address ON auth_login_failures (address, at);

-- Captcha challenges already used (a solved challenge is good for one sign-in only).
CREATE TABLE auth_captcha_used (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- Password recovery tokens: single use, expiring; only the hash is stored.
CREATE TABLE auth_recovery_tokens (
  token_hash bytea PRIMARY KEY,
  id_user    bigint NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Notifications (seed 000 §3): `notification-{id}` streams projected inline.
CREATE TABLE rm_notifications (
  id           bigint PRIMARY KEY,
  id_user      bigint NOT NULL,
  estado       text NOT NULL DEFAULT '1',   -- '1' new (toast), '2' highlighted, other values plain
  contenido    text NOT NULL,
  fecha_creado timestamptz NOT NULL,
  read_at      timestamptz,
  version      bigint NOT NULL
);
CREATE INDEX rm_notifications_user ON rm_notifications (id_user, id DESC);
