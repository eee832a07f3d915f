-- Issue 28: a request generated from a work order (crearPreSolicitud, crearPreSolicitudServicio)
-- takes its need date (fecha_requerimiento) from the site: the generation day (Lima) plus the
-- site's 'Plazo de necesidad (días)', 0 to 365. A field of the generic `obra-{id}` record like
-- monto_total (0013); sites created before it (and events without it) keep the default, 7 days.
ALTER TABLE rm_obras ADD COLUMN plazo_necesidad_dias integer NOT NULL DEFAULT 7
  CHECK (plazo_necesidad_dias BETWEEN 0 AND 365);
