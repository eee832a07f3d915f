-- Purchase, service and dispatch requests (seed 002 §2, issue 15): one stream per request,
-- `purchase_request-{id}` (events/purchase-request). These tables are kept inline by
-- projections/purchase-requests in the same transaction as the events: the list, the form, the
-- central warehouse's Pedido and the requested-products list read them. Names (site, work order,
-- requester, equipment) are joined at read time, so a rename shows everywhere at once.

CREATE TABLE rm_solicitudes_compras (
  id                                              bigint PRIMARY KEY,
  codigo                                          text NOT NULL DEFAULT '',
  tipo                                            smallint NOT NULL,          -- 1 compra, 2 servicio, 3 despacho
  estado                                          smallint NOT NULL DEFAULT 1, -- events/purchase-request/codes.ts
  id_obra                                         bigint,
  id_orden_trabajo                                bigint,
  creado_desde_ot                                 smallint NOT NULL DEFAULT 0,
  id_supervisor                                   bigint,                     -- who created it
  id_logistico                                    bigint,                     -- the central storekeeper who attended it
  id_equipo                                       bigint,
  id_centro_costo_tipo                            smallint,
  id_centro_costo_indirecto                       bigint,
  id_centro_costo_indirecto_elemento              bigint,
  id_grupo_funcional                              bigint,
  id_solicitudes_tipo                             bigint,
  id_solicitudes_clasificacion                    bigint,
  id_solicitudes_movilizacion_recursos            bigint,
  id_solicitudes_movilizacion_terceros_tipocc     bigint,
  id_solicitudes_movilizacion_terceros_ter_recurso text,
  descripcion_trabajo                             text NOT NULL DEFAULT '',
  fecha_requerimiento                             date,
  fecha_recepcion_pedido                          date,
  motivo_observado                                text,
  motivo_rechazo                                  text,
  atendido_por_almacen_central                    smallint NOT NULL DEFAULT 0,
  enviado_sicam                                   smallint NOT NULL DEFAULT 0,
  -- SICAM: 'pendiente' (approved, push queued), 'enviado', 'fallido' (with the reason).
  sicam_estado                                    text,
  sicam_motivo                                    text,
  sicam_intentos                                  integer NOT NULL DEFAULT 0,
  id_sicam                                        text,
  numero_orden                                    text,
  version                                         bigint NOT NULL,
  fecha_creado                                    timestamptz NOT NULL,
  date_updated                                    timestamptz NOT NULL
);
CREATE INDEX rm_solicitudes_compras_list ON rm_solicitudes_compras (id DESC);
CREATE INDEX rm_solicitudes_compras_obra ON rm_solicitudes_compras (id_obra, id DESC);
CREATE INDEX rm_solicitudes_compras_ot ON rm_solicitudes_compras (id_orden_trabajo);
CREATE INDEX rm_solicitudes_compras_estado ON rm_solicitudes_compras (estado, id DESC);
CREATE INDEX rm_solicitudes_compras_codigo_search ON rm_solicitudes_compras (lower(codigo) text_pattern_ops);

-- The requested products: the unit quantities and states are tracked on (seed 002 §1.1 B).
CREATE TABLE rm_productos_solicitados (
  id                                      bigint PRIMARY KEY,
  id_solicitud_compra                     bigint NOT NULL,
  orden                                   integer NOT NULL DEFAULT 0,
  id_material                             bigint,
  codigo                                  text NOT NULL DEFAULT '',
  descripcion                             text NOT NULL DEFAULT '',
  id_unidad                               bigint,
  cantidad_solicitada_por_tecnico         numeric(14, 4) NOT NULL DEFAULT 0,
  cantidad_solicitada_por_almacen_obra    numeric(14, 4) NOT NULL DEFAULT 0,
  cantidad_en_almacen_central             numeric(14, 4) NOT NULL DEFAULT 0,
  cantidad_solicitada_por_almacen_central numeric(14, 4) NOT NULL DEFAULT 0,
  en_almacen_central                      smallint NOT NULL DEFAULT 0,
  observacion_almacen_central             text NOT NULL DEFAULT '',
  estado                                  smallint NOT NULL DEFAULT 1,
  numero_orden                            text,
  precio                                  numeric(14, 4),
  moneda                                  text,
  date_updated                            timestamptz NOT NULL
);
CREATE INDEX rm_productos_solicitados_solicitud ON rm_productos_solicitados (id_solicitud_compra, orden, id);
CREATE INDEX rm_productos_solicitados_list ON rm_productos_solicitados (id DESC);
CREATE INDEX rm_productos_solicitados_orden ON rm_productos_solicitados (numero_orden) WHERE numero_orden IS NOT NULL;

-- The request code's counter, per site and kind: `{site}-SC-000001` (events/purchase-request/codes.ts),
-- taken inside the command's transaction so a refused command burns no code.
CREATE TABLE request_code_counters (
  id_obra bigint NOT NULL,
  tipo    smallint NOT NULL,
  last    integer NOT NULL,
  PRIMARY KEY (id_obra, tipo)
);
