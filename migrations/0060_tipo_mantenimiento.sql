-- Issue 19 (SEED-002-ANALYSIS ambiguity 13): the maintenance type of a work order, the class the
-- KPI and profitability reports split costs by (seed 002's `id_gf` 1-3 and its per-hour columns
-- costo_mp_hora, costo_mc_hora, costo_mcd_hora). Ids are fixed (1 MP, 2 MC, 3 MCD); the admin
-- catalogue /tipos_mantenimiento names them. Each type is a generic record stream kept inline by
-- projections/records, like every catalogue.
CREATE TABLE rm_tipos_mantenimiento (
  id           bigint PRIMARY KEY,
  sigla        text NOT NULL,
  nombre       text NOT NULL,
  estado       smallint NOT NULL DEFAULT 1,
  version      bigint NOT NULL,
  date_created timestamptz NOT NULL,
  date_updated timestamptz NOT NULL
);
CREATE INDEX rm_tipos_mantenimiento_nombre ON rm_tipos_mantenimiento (lower(nombre));

-- The three types exist from the start (the reports need their ids), written as the events a
-- save writes, so the activity log and a rebuild of the records projection see them.
SELECT es_append(
  'tipo_mantenimiento-' || t.id, 'tipo_mantenimiento', 'no_stream', 0,
  jsonb_build_array(jsonb_build_object(
    'event_id', gen_random_uuid(),
    'event_type', 'RecordCreated',
    'schema_version', 1,
    'data', jsonb_build_object('id', t.id, 'fields', jsonb_build_object('sigla', t.sigla, 'nombre', t.nombre, 'estado', 1)),
    'metadata', jsonb_build_object('userId', NULL, 'originalUserId', NULL, 'sessionId', NULL,
                                   'correlationId', gen_random_uuid()::text, 'causationId', NULL,
                                   'requestId', 'migration-0060')
  ))
)
  FROM (VALUES (1, 'MP', 'Mantenimiento preventivo'), (2, 'MC', 'Mantenimiento correctivo'),
               (3, 'MCD', 'Mantenimiento correctivo por daño')) AS t(id, sigla, nombre)
 ORDER BY t.id;

INSERT INTO rm_tipos_mantenimiento (id, sigla, nombre, estado, version, date_created, date_updated)
SELECT (e.data ->> 'id')::bigint, e.data #>> '{fields,sigla}', e.data #>> '{fields,nombre}', 1, e.version, e.occurred_at, e.occurred_at
  FROM es_events e WHERE e.stream_type = 'tipo_mantenimiento';

INSERT INTO es_id_counters (name, last_id) VALUES ('tipo_mantenimiento', 3)
ON CONFLICT (name) DO UPDATE SET last_id = greatest(es_id_counters.last_id, 3);

-- Orders opened before carry MC (2), as the upcaster reads their opening (events/upcast.ts).
ALTER TABLE rm_ordenes_trabajo ADD COLUMN id_tipo_mantenimiento smallint NOT NULL DEFAULT 2;
CREATE INDEX rm_ordenes_trabajo_tipo_mantenimiento ON rm_ordenes_trabajo (id_tipo_mantenimiento, fecha_apertura_ot DESC);
