-- Issue 19, the profitability generator (/rentabilidad): one row per report asked for. The API
-- writes it with its pg-boss job in one transaction; the worker's job moves it from pendiente to
-- generando (progress and pages as it draws) and to listo with the PDF's stored name under
-- <dataDir>/reportes, or error. Only its user (id_user) reads its state and its file.
CREATE TABLE rentabilidad_reportes (
  id          uuid PRIMARY KEY,
  id_user     bigint NOT NULL,
  solicitud   jsonb NOT NULL,
  estado      text NOT NULL DEFAULT 'pendiente' CHECK (estado IN ('pendiente', 'generando', 'listo', 'error')),
  progreso    smallint NOT NULL DEFAULT 0 CHECK (progreso BETWEEN 0 AND 100),
  paginas     integer NOT NULL DEFAULT 0,
  archivo     text,
  mensaje     text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
CREATE INDEX rentabilidad_reportes_user ON rentabilidad_reportes (id_user, created_at DESC);
