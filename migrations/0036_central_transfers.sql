-- Central transfers with a waybill (seed 002 §7 `/almacen_central_traslado_materiales`, issue 17):
-- what the central warehouse sent to a site for each requested product, from the requests'
-- `RequestedProductsSentToSite` events (projections/purchase-requests). One row per transfer and
-- product; `codigo` and `numero_orden` name the group it came out of: a purchase order's entries
-- of that resource code, or '' for central stock that did not come from a purchase order ('STOCK').
CREATE TABLE rm_almacen_central_traslados (
  id_traslado          bigint NOT NULL,
  id_producto          bigint NOT NULL,
  id_solicitud_compra  bigint NOT NULL,
  codigo               text NOT NULL,
  numero_orden         text NOT NULL DEFAULT '',
  numero_guia          text NOT NULL,
  cantidad             numeric(14, 4) NOT NULL,
  id_user              bigint,
  fecha_creado         timestamptz NOT NULL,
  PRIMARY KEY (id_traslado, id_producto, numero_orden)
);
CREATE INDEX rm_almacen_central_traslados_grupo ON rm_almacen_central_traslados (codigo, numero_orden);
CREATE INDEX rm_almacen_central_traslados_producto ON rm_almacen_central_traslados (id_producto);
CREATE INDEX rm_almacen_central_entradas_grupo ON rm_almacen_central_entradas (codigo_recurso, numero_orden_compra);

-- The groups a transfer takes from (ambiguity 12): per purchase order and resource code, what its
-- central entries brought in; per code, the central stock the Pedidos recorded for live products
-- (numero_orden ''). Both less what was transferred from them; `fecha_ingreso` the latest entry
-- (for central stock, the latest change of a product holding it).
CREATE VIEW v_almacen_central_grupos AS
WITH entradas AS (
  SELECT codigo_recurso AS codigo, numero_orden_compra AS numero_orden, max(descripcion_recurso) AS descripcion,
         sum(cantidad) AS cantidad_entrada, max(fecha_creado) AS fecha_ingreso
    FROM rm_almacen_central_entradas GROUP BY codigo_recurso, numero_orden_compra
), stock AS (
  SELECT upper(coalesce(nullif(p.codigo, ''), m.codigo, '')) AS codigo, ''::text AS numero_orden,
         max(coalesce(nullif(p.descripcion, ''), m.nombre, '')) AS descripcion, sum(p.cantidad_en_almacen_central) AS cantidad_entrada, max(p.date_updated) AS fecha_ingreso
    FROM rm_productos_solicitados p LEFT JOIN rm_materiales m ON m.id = p.id_material
   WHERE p.cantidad_en_almacen_central > 0 AND p.estado NOT IN (1, 2, 6, 13, 14)
   GROUP BY 1
), salidas AS (
  SELECT codigo, numero_orden, sum(cantidad) AS cantidad_salida FROM rm_almacen_central_traslados GROUP BY codigo, numero_orden
)
SELECT g.codigo, g.numero_orden, g.descripcion, g.cantidad_entrada, coalesce(s.cantidad_salida, 0) AS cantidad_salida,
       g.cantidad_entrada - coalesce(s.cantidad_salida, 0) AS cantidad_disponible, g.fecha_ingreso
  FROM (SELECT * FROM entradas UNION ALL SELECT * FROM stock WHERE codigo <> '') g
  LEFT JOIN salidas s ON s.codigo = g.codigo AND s.numero_orden = g.numero_orden;
