-- The site warehouse's Pedido (seed 002 §4, issue 16): the material-creation request of an order
-- and its flags on the work-order row, and on each requested product the Pedido's quantities (the
-- site stock, the stock taken from another request's product) and how much of its own quantity
-- other orders took as stock (`cantidad_reservada`). Kept by projections/work-orders and
-- projections/purchase-requests in the events' transaction.

ALTER TABLE rm_ordenes_trabajo
  ADD COLUMN tiene_productos_en_solicitud_material smallint NOT NULL DEFAULT 0,
  ADD COLUMN creacion_materiales_atendidos           smallint NOT NULL DEFAULT 0,
  ADD COLUMN solicitud_materiales_enviado_sicam      smallint NOT NULL DEFAULT 0,
  -- 'pendiente' (queued), 'enviado', 'fallido' (with the reason), null when none was asked.
  ADD COLUMN materiales_estado                       text,
  ADD COLUMN materiales_motivo                       text,
  ADD COLUMN materiales_id_sicam                     text;

CREATE INDEX rm_ordenes_trabajo_almacen_obra ON rm_ordenes_trabajo (id_obra, id DESC) WHERE estado <> 2;

ALTER TABLE rm_productos_solicitados
  ADD COLUMN id_linea_ot                             bigint,
  ADD COLUMN solicitud_material                      smallint NOT NULL DEFAULT 0,
  ADD COLUMN cantidad_en_almacen_obra                numeric(14, 4) NOT NULL DEFAULT 0,
  ADD COLUMN usar_stock_solicitud                    smallint NOT NULL DEFAULT 0,
  ADD COLUMN id_producto_solicitado_stock_solicitud  bigint,
  ADD COLUMN cantidad_stock_solicitud                numeric(14, 4) NOT NULL DEFAULT 0,
  ADD COLUMN cantidad_reservada                      numeric(14, 4) NOT NULL DEFAULT 0;

-- /fil_datas/stockProductosDeSolicitudesCompras: a material's products on stock requests.
CREATE INDEX rm_productos_solicitados_material ON rm_productos_solicitados (id_material) WHERE id_material IS NOT NULL;
