-- The request list's 'Material rechazado' column asks, per row of the page, whether the request has
-- a rejected product (estado 6). Without an index the planner hashed every product of every
-- request (a sequential scan, 8 ms of a 9 ms page at 20,000 requests); rejected products are few,
-- so a partial index answers it.
CREATE INDEX rm_productos_solicitados_rechazados ON rm_productos_solicitados (id_solicitud_compra) WHERE estado = 6;
