import * as v from 'valibot';
import { flag, positiveId, text } from '../platform/fields';
import { defineList, idFilter, flagFilter } from '../platform/define-list';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { ref, rowId } from '@shared/contracts/platform';
import { assertSiteAllows } from '../platform/site-scope';
import { purchaseRequestFromWorkOrderRoute } from '../purchase-requests/from-work-order';
import { quantity } from '../purchase-requests/purchase-request-schemas';
import { assertWorkOrderVisible } from '../work-orders/work-order-routes';
import { listOf, optionalId } from '../work-orders/work-order-schemas';
import { queueRequestedMaterials } from './material-requests';
import { saveSiteOrder, siteOrderForm, stockProducts } from './site-order';
import { siteOrderFormReply, siteOrderItem, siteOrderRow } from '@shared/contracts/site-warehouse';

// Seed 002 §7 "Site warehouse": the Pedido of each work order (list, form, save and Atendido), the
// stock other requests lend, and the purchase request generated from it. The material-creation
// request's resend lives in material-requests.ts.

const MODULE = '/almacen_obra_ots';
const OT_STATE_SQL = "CASE o.estado WHEN 1 THEN 'Abierta' WHEN 2 THEN 'Cancelada' ELSE 'Cerrada' END";






/** A Pedido line as the save sends it (seed 002 §7): the quantities are non-negative decimals; the
 * server derives what is left to request (`cantidad_solicitada_por_almacen_obra` is accepted and
 * ignored), and `recibido`, `salio_almacen`, `vale_salida` belong to the receipts and issues. */
const siteLineInput = v.object({
  id: positiveId(),
  solicitud_material: v.optional(flag()),
  id_unidad: v.optional(optionalId()),
  id_material: v.optional(optionalId()),
  codigo_material: v.optional(text(100)),
  id_material_tipo: v.optional(optionalId()),
  descripcion: v.optional(text(500)),
  cantidad_en_almacen_obra: v.optional(quantity()),
  usar_stock_solicitud: v.optional(flag()),
  id_producto_solicitado_stock_solicitud: v.optional(optionalId()),
  cantidad_solicitada_por_almacen_obra: v.optional(quantity()),
  recibido: v.optional(v.unknown()),
  salio_almacen: v.optional(v.unknown()),
  vale_salida: v.optional(v.unknown()),
});
const siteSaveSchema = v.object({ id: positiveId(), productos_solicitados: listOf(siteLineInput), terminado: v.optional(flag(), 0) });
const idSchema = v.object({ id: positiveId() });

const stockOption = v.object({
  value: rowId(), label: v.string(), id_solicitud_compra: rowId(), codigo_solicitud_compra: v.string(), id_material: ref(), cantidad_disponible: v.number(),
});

export function siteWarehouseRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: siteOrderRow,
      path: MODULE,
      title: 'Pedidos del almacén de obra',
      fileBase: 'pedidos-almacen-obra',
      from: 'rm_ordenes_trabajo o LEFT JOIN rm_solicitudes_compras r ON r.id = nullif(o.id_solicitud_compra, 0)',
      columns: [
        { key: 'codigo', label: 'OT', sql: 'o.codigo', sortable: true },
        { key: 'codigo_obra', label: 'Obra', sql: 'o.ob_codigo', sortable: true },
        { key: 'equipo_codigo', label: 'Equipo', sql: 'o.equipo_codigo', sortable: true },
        { key: 'fecha_apertura_ot', label: 'Apertura', kind: 'date', sql: "to_char(o.fecha_apertura_ot, 'YYYY-MM-DD HH24:MI')", sortSql: 'o.fecha_apertura_ot', sortable: true },
        { key: 'estado_nombre', label: 'Estado', sql: OT_STATE_SQL, sortSql: 'o.estado', sortable: true },
        { key: 'atendido_por_almacen_obra', label: 'Atendido', kind: 'integer', sql: 'o.atendido_por_almacen_obra::int', sortable: true },
        { key: 'codigo_solicitud_compra', label: 'Solicitud', sql: "nullif(r.codigo, '')", sortable: true },
        { key: 'tiene_productos_en_solicitud_material', label: 'Materiales por crear', kind: 'integer', sql: 'o.tiene_productos_en_solicitud_material::int' },
      ],
      extra: {
        id: 'o.id::int', estado: 'o.estado::int', id_obra: 'o.id_obra::int', id_solicitud_compra: 'o.id_solicitud_compra::int', equipo_descripcion: 'o.equipo_descripcion',
        supervisor: 'o.supervisor', creacion_materiales_atendidos: 'o.creacion_materiales_atendidos::int', materiales_estado: 'o.materiales_estado', version: 'o.version::int',
      },
      search: ['o.codigo', 'o.equipo_codigo', 'r.codigo'],
      key: 'o.id',
      defaultOrder: { col: 'codigo', dir: 'desc' },
      filters: {
        id_obra: idFilter('o.id_obra'),
        id_solicitud_compra: idFilter('o.id_solicitud_compra'),
        atendido: flagFilter('o.atendido_por_almacen_obra', 'Valor no válido'),
      },
      // Orders that need warehouse products (seed 001 §5: 'No requiere productos de almacén' has none).
      scope: (sql) => sql`o.sin_productos = 0`,
      siteColumn: 'o.id_obra',
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/form`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Pedido del almacén de obra: la OT como la ven los almacenes, sus repuestos con el stock de obra, el stock de otras solicitudes y lo que falta solicitar',
      input: idSchema,
      output: siteOrderFormReply,
      async handler(ctx) {
        await assertWorkOrderVisible(ctx, ctx.input.id);
        return (await siteOrderForm(ctx.deps, ctx.principal, ctx.input.id));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Guardar el pedido del almacén de obra (stock de obra, stock de otra solicitud, creación de material por fila); terminado=1: Atendido',
      input: siteSaveSchema,
      output: v.object({ is_new: v.boolean(), item: siteOrderItem }),
      async handler(ctx) {
        await assertWorkOrderVisible(ctx, ctx.input.id);
        const p = ctx.principal;
        return (await saveSiteOrder({ deps: ctx.deps, principal: p, metadata: ctx.metadata }, ctx.input, { within: queueRequestedMaterials(ctx.deps) }));
      },
    }),
    purchaseRequestFromWorkOrderRoute(`${MODULE}/crearPreSolicitud`, MODULE, 'Generar la solicitud de compra (borrador) con lo que falta solicitar de un pedido atendido (can_create_request; también en /solicitudes_compras/crearPreSolicitud)'),
    defineRoute({
      method: 'GET',
      path: '/fil_datas/stockProductosDeSolicitudesCompras',
      access: { kind: 'signed_in' },
      summary: 'Productos de solicitudes de stock (sin OT) de la obra con cantidad disponible del material (id_material, id_obra)',
      input: v.object({ id_material: positiveId(), id_obra: positiveId() }),
      output: v.object({ items: v.array(stockOption) }),
      async handler(ctx) {
        await assertSiteAllows(ctx.deps, ctx.principal, 'obra', ctx.input.id_obra, 'Obra no encontrada');
        return { items: await stockProducts(ctx.deps.sql, { idObra: ctx.input.id_obra, idMaterial: ctx.input.id_material }) };
      },
    }),
  ];
}
