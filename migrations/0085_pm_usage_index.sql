-- Issue 20, the PM board at 2,000 machines with a year of logs: every plan's forecast sums the
-- hours its machine worked in the 30 days before today. With only (id_equipo, fecha, id_tipo_turno)
-- each sum fetched ~29 heap rows scattered over as many pages (the logs of one day of all machines
-- lie together); with the hours in the index the sum is an index-only scan of one or two leaf pages.
CREATE INDEX IF NOT EXISTS rm_horometros_uso ON rm_horometros (id_equipo, fecha) INCLUDE (h_inicio, h_fin) WHERE estado = 1;
