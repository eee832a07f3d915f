-- One hour-meter log per machine, date and shift is now an event-sourced rule: each slot has a
-- stream `horometro_slot-{id_equipo}_{yyyymmdd}_{id_tipo_turno}` that a log claims when it is
-- created or moved there and releases when it is removed or moved away; of two saves racing for
-- one slot only one append succeeds (docs/modules/hour-meters.md). Logs stored before the rule
-- get their claim here, so they keep their slots. The read model no longer enforces the rule:
-- its unique index becomes a plain one (it still serves a machine's previous and next logs).
SELECT es_append(
  'horometro_slot-' || h.id_equipo || '_' || to_char(h.fecha, 'YYYYMMDD') || '_' || h.id_tipo_turno,
  'horometro_slot',
  'no_stream',
  0,
  jsonb_build_array(jsonb_build_object(
    'event_id', gen_random_uuid(),
    'event_type', 'HorometroSlotClaimed',
    'schema_version', 1,
    'data', jsonb_build_object('id_equipo', h.id_equipo, 'fecha', to_char(h.fecha, 'YYYY-MM-DD'),
                               'id_tipo_turno', h.id_tipo_turno, 'id_horometro', h.id),
    'metadata', jsonb_build_object('userId', NULL, 'originalUserId', NULL, 'sessionId', NULL,
                                   'correlationId', gen_random_uuid()::text, 'causationId', NULL,
                                   'requestId', 'migration-0021')
  ))
)
  FROM rm_horometros h
 ORDER BY h.id;

DROP INDEX rm_horometros_equipo_fecha_turno;
CREATE INDEX rm_horometros_equipo_fecha_turno ON rm_horometros (id_equipo, fecha, id_tipo_turno);
