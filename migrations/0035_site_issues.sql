-- Site issues (seed 002 §7 "Site warehouse", issue 16-17): each part line issued to the
-- technicians with an exit voucher (VALE SALIDA), from the work order's `WorkOrderPartsIssued`
-- events. One row per issue and line; the issue history list and the per-product exits read it.
CREATE TABLE rm_almacen_obra_salidas (
  id_salida         bigint NOT NULL,
  id_linea          bigint NOT NULL,
  id_orden_trabajo  bigint NOT NULL,
  id_obra           bigint,
  cantidad          numeric(14, 4) NOT NULL,
  vale_salida       text NOT NULL,
  id_user           bigint,
  fecha_creado      timestamptz NOT NULL,
  PRIMARY KEY (id_salida, id_linea)
);
CREATE INDEX rm_almacen_obra_salidas_list ON rm_almacen_obra_salidas (id_salida DESC);
CREATE INDEX rm_almacen_obra_salidas_linea ON rm_almacen_obra_salidas (id_linea);
CREATE INDEX rm_almacen_obra_salidas_obra ON rm_almacen_obra_salidas (id_obra, id_salida DESC);

-- Site receipts (seed 002 §7 `/almacen_obra_entradas`): what the central warehouse sent to the
-- site for each requested product (transfers with a waybill) and what the site received of it.
ALTER TABLE rm_productos_solicitados
  ADD COLUMN cantidad_enviada_obra  numeric(14, 4) NOT NULL DEFAULT 0,
  ADD COLUMN cantidad_recibida_obra numeric(14, 4) NOT NULL DEFAULT 0;
CREATE INDEX rm_productos_solicitados_por_recibir ON rm_productos_solicitados (id DESC) WHERE cantidad_enviada_obra > cantidad_recibida_obra;

CREATE TABLE rm_almacen_obra_entradas (
  id_entrada           bigint NOT NULL,
  id_producto          bigint NOT NULL,
  id_solicitud_compra  bigint NOT NULL,
  cantidad             numeric(14, 4) NOT NULL,
  id_user              bigint,
  fecha_creado         timestamptz NOT NULL,
  PRIMARY KEY (id_entrada, id_producto)
);
CREATE INDEX rm_almacen_obra_entradas_producto ON rm_almacen_obra_entradas (id_producto);
