-- The equipment register (seed 001 §3, Equipment): one generic record stream per machine
-- (`equipo-{id}`), kept inline by projections/records. Money is numeric (never floating point);
-- in events and replies it travels as a decimal string with two decimals ('185000.00').
CREATE TABLE rm_equipos (
  id                    bigint PRIMARY KEY,
  id_obra               bigint NOT NULL,
  codigo_sub_obra       text NOT NULL DEFAULT '',
  cc                    text NOT NULL DEFAULT '',
  codigo                text NOT NULL,
  id_equipo_grupo       bigint NOT NULL,
  id_equipo_subgrupo    bigint NOT NULL,
  id_equipo_producto    bigint NOT NULL,
  id_marca              bigint NOT NULL,
  id_modelo             bigint NOT NULL,
  id_marca_motor        bigint NOT NULL,
  id_modelo_motor       bigint NOT NULL,
  motor_serie           text NOT NULL DEFAULT '',
  placa                 text NOT NULL DEFAULT '',
  serie                 text NOT NULL DEFAULT '',
  potencia              text NOT NULL DEFAULT '',
  capacidad             text NOT NULL DEFAULT '',
  anio                  integer,
  horometro             integer NOT NULL DEFAULT 0,
  peso                  text NOT NULL DEFAULT '',
  dimensiones           text NOT NULL DEFAULT '',
  proviene              text NOT NULL DEFAULT '',
  ubicacion             text NOT NULL DEFAULT '',
  costo_adquisicion     numeric(14, 2) NOT NULL DEFAULT 0,
  observaciones         text NOT NULL DEFAULT '',
  garantia_compra       text NOT NULL DEFAULT '',
  fecha_compra          date,
  fecha_baja            date,
  fecha_llegada         date,
  soat_vence            date,
  rv_vence              date,
  costo_anual_seguro    numeric(14, 2) NOT NULL DEFAULT 0,
  amortizacion          integer NOT NULL DEFAULT 0, -- months over which the acquisition cost is amortized
  linea_amarilla_blanca smallint NOT NULL DEFAULT 0,
  tipo_tarifa           text NOT NULL DEFAULT 'HORA' CHECK (tipo_tarifa IN ('MES', 'HORA')),
  horas                 integer NOT NULL DEFAULT 0, -- months (tariff MES) or hours (tariff HORA)
  tarifa                numeric(14, 2) NOT NULL DEFAULT 0,
  estado                smallint NOT NULL DEFAULT 1,
  version               bigint NOT NULL,
  date_created          timestamptz NOT NULL,
  date_updated          timestamptz NOT NULL
);
CREATE INDEX rm_equipos_obra_codigo ON rm_equipos (id_obra, lower(codigo));
CREATE INDEX rm_equipos_codigo ON rm_equipos (lower(codigo));
CREATE INDEX rm_equipos_subgrupo ON rm_equipos (id_equipo_subgrupo);
CREATE INDEX rm_equipos_marca ON rm_equipos (id_marca, id_modelo);
