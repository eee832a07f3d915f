-- What each central entry brought to each requested product (seed 002 §2 /solicitud_compra_productos,
-- "nested lists of warehouse entries per product"; issue 17), from the requests'
-- `RequestedProductsEnteredCentral` events (projections/purchase-requests). One row per part of an
-- event: `orden` is its position in the event's `productos`, which lists the file's entries in
-- order and, per entry, the products it filled in product order. The entry (albarán) a part came
-- from is that order replayed against the file's entries of the order number and code
-- (services/api/purchase-requests/product-movements.ts); rm_productos_solicitados only keeps the
-- running total, which cannot say it.
CREATE TABLE rm_productos_solicitados_entradas_central (
  id_archivo           bigint NOT NULL,
  id_producto          bigint NOT NULL,
  orden                integer NOT NULL,
  id_solicitud_compra  bigint NOT NULL,
  numero_orden         text NOT NULL,
  cantidad             numeric(14, 4) NOT NULL,
  fecha_creado         timestamptz NOT NULL,
  PRIMARY KEY (id_archivo, id_producto, orden)
);
CREATE INDEX rm_productos_solicitados_entradas_central_producto ON rm_productos_solicitados_entradas_central (id_producto);
CREATE INDEX rm_productos_solicitados_entradas_central_archivo ON rm_productos_solicitados_entradas_central (id_archivo, numero_orden);

-- The events already in the log, as the projection writes them.
INSERT INTO rm_productos_solicitados_entradas_central (id_archivo, id_producto, orden, id_solicitud_compra, numero_orden, cantidad, fecha_creado)
SELECT (e.data->>'id_archivo')::bigint, (p.value->>'id_producto')::bigint, (p.ordinality - 1)::int, (e.data->>'id')::bigint,
       e.data->>'numero_orden', (p.value->>'cantidad')::numeric, e.occurred_at
  FROM es_events e CROSS JOIN LATERAL jsonb_array_elements(e.data->'productos') WITH ORDINALITY p
 WHERE e.event_type = 'RequestedProductsEnteredCentral'
ON CONFLICT DO NOTHING;
