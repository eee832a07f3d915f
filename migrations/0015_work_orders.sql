-- Work orders (seed 001 §3 'Work order'): one stream per order, `work_order-{id}`, with one event
-- per business fact (events/work-order). These tables are kept inline by projections/work-orders
-- in the same transaction as the events: the list, the form and the line tables read them.

CREATE TABLE rm_ordenes_trabajo (
  id                         bigint PRIMARY KEY,
  codigo                     text NOT NULL,
  estado                     smallint NOT NULL DEFAULT 1, -- 1 abierto, 2 cancelado, 3 cerrado
  id_obra                    bigint NOT NULL,
  ob_codigo                  text NOT NULL DEFAULT '',
  obra                       text NOT NULL DEFAULT '',
  id_equipo                  bigint NOT NULL,
  equipo_codigo              text NOT NULL DEFAULT '',
  equipo_descripcion         text NOT NULL DEFAULT '',
  placa_equipo               text NOT NULL DEFAULT '',
  serie_equipo               text NOT NULL DEFAULT '',
  fecha_parada               timestamp,
  fecha_puesta_marcha        timestamp,
  fecha_apertura_ot          timestamp NOT NULL,
  fecha_cierre_ot            timestamp,
  tiempo_parada              integer NOT NULL DEFAULT 0, -- minutes
  tiempo_ejecucion           integer NOT NULL DEFAULT 0, -- minutes
  horometro_parada           numeric(12, 2),
  horometro_puesta_marcha    numeric(12, 2),
  horometro_tiempo_parada    numeric(12, 2) NOT NULL DEFAULT 0,
  horometro_apertura_ot      numeric(12, 2),
  horometro_cierre_ot        numeric(12, 2),
  horometro_tiempo_ejecucion numeric(12, 2) NOT NULL DEFAULT 0,
  kilometraje                numeric(12, 2),
  tercero_ruc                text NOT NULL DEFAULT '',
  tercero_razon_social       text NOT NULL DEFAULT '',
  id_operador                bigint,
  id_mecanico                bigint,
  id_supervisor              bigint,
  operador                   text NOT NULL DEFAULT '',
  mecanico                   text NOT NULL DEFAULT '',
  supervisor                 text NOT NULL DEFAULT '',
  firma_operador             smallint NOT NULL DEFAULT 0,
  firma_mecanico             smallint NOT NULL DEFAULT 0,
  firma_supervisor           smallint NOT NULL DEFAULT 0,
  sin_productos              smallint NOT NULL DEFAULT 0,
  atendido_por_almacen_obra  smallint NOT NULL DEFAULT 0,
  id_solicitud_compra        bigint NOT NULL DEFAULT 0,
  solicitud_tipo             text,
  solicitud_estado           text,
  rechazado_id               bigint,
  id_replica                 bigint,
  created_by                 bigint,
  date_closed                timestamptz,
  version                    bigint NOT NULL,
  date_created               timestamptz NOT NULL,
  date_updated               timestamptz NOT NULL
);
-- The code is unique per site (seed 001 §2: created on save).
CREATE UNIQUE INDEX rm_ordenes_trabajo_codigo ON rm_ordenes_trabajo (id_obra, codigo);
CREATE INDEX rm_ordenes_trabajo_apertura ON rm_ordenes_trabajo (fecha_apertura_ot DESC, id DESC);
CREATE INDEX rm_ordenes_trabajo_obra_estado ON rm_ordenes_trabajo (id_obra, estado, fecha_apertura_ot DESC);
CREATE INDEX rm_ordenes_trabajo_estado ON rm_ordenes_trabajo (estado, fecha_apertura_ot DESC);
CREATE INDEX rm_ordenes_trabajo_equipo ON rm_ordenes_trabajo (id_equipo, fecha_apertura_ot DESC);
CREATE INDEX rm_ordenes_trabajo_codigo_search ON rm_ordenes_trabajo (lower(codigo) text_pattern_ops);

-- The four line tables in one: `tabla` names the list, `line` holds the row as the events carry it.
CREATE TABLE rm_ot_lineas (
  id                bigint PRIMARY KEY,
  id_orden_trabajo  bigint NOT NULL,
  tabla             text NOT NULL CHECK (tabla IN ('diagnosticos', 'intervenciones', 'productos_solicitados', 'documentos')),
  line              jsonb NOT NULL,
  date_created      timestamptz NOT NULL,
  date_updated      timestamptz NOT NULL
);
CREATE INDEX rm_ot_lineas_orden ON rm_ot_lineas (id_orden_trabajo, tabla, id);

-- Code sequence per site: `{site code}-{000001}`. Numbers may skip (a refused save burns one),
-- never repeat.
CREATE TABLE ot_site_counters (
  id_obra bigint PRIMARY KEY,
  last    integer NOT NULL
);
