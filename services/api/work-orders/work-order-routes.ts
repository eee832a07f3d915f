import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import * as v from 'valibot';
import { executeOn } from '../../../events/execute';
import { canCancel, canCreateServiceRequest, canReplicate, refuseSiteOutOfReach, workOrders } from '../../../events/work-order/decider';
import type { Actor, WorkOrderState } from '../../../events/work-order/types';
import { defineList, type ListConfig, idFilter } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { ApiError } from '../platform/api-error';
import { positiveId } from '../platform/fields';
import { withFormPost } from '../platform/show-in-tab';
import { defineRoute, fileReply, moduleAccess, type AnyRoute, type RouteContext } from '../platform/route';
import { loadActor } from './load-actor';
import { loadLines, loadWorkOrderForm } from './load-work-order';
import { localRucLookup, type RucLookup } from './ruc/ruc-lookup';
import { documentsBodyLimit } from '../platform/upload/documentRows';
import { saveWorkOrder } from './save-work-order';
import { loadTimeline } from './timeline';
import { assertSiteAllows, siteScope, userSites } from '../platform/site-scope';
import { workOrderBoard } from './board';
import { workOrderPdf } from './pdf/work-order-pdf';
import { createServiceRequest } from './create-service-request';
import {
  detailInputSchema,
  formInputSchema,
  idInputSchema,
  removeDocumentInputSchema,
  removeLineInputSchema,
  rucInputSchema,
  saveInputSchema,
  serviceRequestInputSchema,
  tablaSchema,
  timelineInputSchema,
} from './work-order-schemas';
import { boardReply, detailReply, rucReply, serviceRequestReply, timelineReply, versionReply, workOrderFormReply, workOrderRow, workOrderOption, workOrderRowRights, workOrderSavedReply } from '@shared/contracts/work-orders';
import { noPayload } from '@shared/contracts/platform';

const MODULE = '/ordenes_trabajo';
export const MSG_LINE_REMOVED = 'Eliminado correctamente';
export const MSG_CANCELLED = 'Orden de trabajo cancelada';

/** The order must be on one of the caller's sites (404 otherwise: its existence is not revealed). */
/** 404 unless the order exists on one of the caller's sites (its existence is not revealed). */
export async function assertWorkOrderVisible(ctx: RouteContext<unknown>, id: number) {
  const [row] = await ctx.deps.sql`SELECT 1 FROM rm_ordenes_trabajo WHERE id = ${id}`;
  if (!row) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  await assertSiteAllows(ctx.deps, ctx.principal, 'work_order', id, MSG_WORK_ORDER_NOT_FOUND);
}

/** Removes row `line.id` of `tabla` from its order, at the order's `line.version` when given
 * (404 with `notFound` when there is no such row). */
async function removeLine(ctx: RouteContext<unknown>, tabla: v.InferOutput<typeof tablaSchema>, line: { id: number; version?: number }, notFound: string) {
  const [row] = await ctx.deps.sql<{ id_orden_trabajo: number }[]>`SELECT id_orden_trabajo FROM rm_ot_lineas WHERE id = ${line.id} AND tabla = ${tabla}`;
  if (!row) throw new ApiError(404, notFound);
  await assertWorkOrderVisible(ctx, row.id_orden_trabajo);
  const r = await executeOn(ctx.deps.store, workOrders, row.id_orden_trabajo,
    { type: 'RemoveLine', tabla, lineId: line.id, actor: await loadActor(ctx.deps, ctx.principal) },
    { metadata: ctx.metadata, expectedVersion: line.version });
  return { msg: MSG_LINE_REMOVED, version: r.version };
}

/** POST `path`: the service request of an order without warehouse products, with the right to
 * edit work orders (the order's call, and the purchase requests' own path to it). */
export function serviceRequestRoute(path: string, summary: string): AnyRoute {
  return defineRoute({
    method: 'POST',
    path,
    access: moduleAccess(MODULE, 'edit'),
    summary,
    input: serviceRequestInputSchema,
    output: serviceRequestReply,
    async handler(ctx) {
      await assertWorkOrderVisible(ctx, ctx.input.id_orden_trabajo);
      return createServiceRequest(ctx.deps, { idOrden: ctx.input.id_orden_trabajo, actor: await loadActor(ctx.deps, ctx.principal), metadata: ctx.metadata });
    },
  });
}

/** What a list row offers the caller, from the decider's own rules on the row's state (seed 001
 * §4): cancel ('Desactivar'), replicate, and the service request. */
function rowPermissions(row: Record<string, unknown>, actor: Actor) {
  const initial = workOrders.decider.initialState();
  const state: WorkOrderState = {
    ...initial,
    status: row.estado === 1 ? 'abierto' : row.estado === 2 ? 'cancelado' : 'cerrado',
    header: { ...initial.header, sin_productos: Number(row.sin_productos) ? 1 : 0 },
    id_replica: (row.id_replica as number | null) ?? null,
    request: Number(row.id_solicitud_compra) > 0 ? { id: Number(row.id_solicitud_compra), tipo: 'compra', estado: String(row.solicitud_estado ?? '') } : null,
  };
  return {
    can_cancel: canCancel(state, actor) === null,
    can_replicate: canReplicate(state) === null,
    can_create_service_request: canCreateServiceRequest(state, actor) === null,
  };
}

const estadoFilter = {
  schema: v.pipe(v.picklist(['1', '2', '3', 1, 2, 3], 'Estado no válido'), v.transform(Number)),
  where: (sql: never, value: number) => (sql as unknown as import('postgres').Sql)`o.estado = ${value}`,
};

/** The work-order list: names of sites, machines and people are the copies the projection keeps
 * on each row (projections/work-orders), so sorts and the search use this table's indexes. */
export const workOrderList: ListConfig<typeof workOrderRow.entries> = {
  row: workOrderRow,
  computed: workOrderRowRights,
  path: MODULE,
  module: MODULE,
  title: 'órdenes de trabajo',
  fileBase: 'ordenes_trabajo',
  from: 'rm_ordenes_trabajo o',
  columns: [
    { key: 'id', label: 'ID', kind: 'integer', sql: 'o.id', notNull: true, sortable: true },
    { key: 'codigo', label: 'Código', sql: 'o.codigo', notNull: true, sortable: true },
    { key: 'obra', label: 'Obra', sql: 'o.obra', notNull: true, sortable: true },
    { key: 'equipo_codigo', label: 'Equipo', sql: 'o.equipo_codigo', notNull: true, sortable: true },
    { key: 'equipo_descripcion', label: 'Descripción', sql: 'o.equipo_descripcion' },
    { key: 'fecha_apertura_ot', label: 'Apertura', kind: 'datetime', sql: "to_char(o.fecha_apertura_ot, 'YYYY-MM-DD\"T\"HH24:MI')", sortSql: 'o.fecha_apertura_ot', notNull: true, sortable: true },
    { key: 'fecha_cierre_ot', label: 'Cierre', kind: 'datetime', sql: "to_char(o.fecha_cierre_ot, 'YYYY-MM-DD\"T\"HH24:MI')", sortSql: 'o.fecha_cierre_ot', sortable: true },
    { key: 'supervisor', label: 'Supervisor', sql: 'o.supervisor', notNull: true, sortable: true },
    { key: 'mecanico', label: 'Mecánico', sql: 'o.mecanico' },
    { key: 'estado', label: 'Estado', kind: 'integer', sql: 'o.estado', notNull: true, sortable: true },
    { key: 'tipo_mantenimiento', label: 'Tipo de mantenimiento', sql: '(SELECT t.sigla FROM rm_tipos_mantenimiento t WHERE t.id = o.id_tipo_mantenimiento)', sortSql: 'o.id_tipo_mantenimiento', sortable: true },
    { key: 'tiempo_ejecucion', label: 'Tiempo de ejecución (min)', kind: 'integer', sql: 'o.tiempo_ejecucion', notNull: true, sortable: true },
  ],
  extra: {
    id_obra: 'o.id_obra', id_equipo: 'o.id_equipo', id_solicitud_compra: 'o.id_solicitud_compra', solicitud_estado: 'o.solicitud_estado',
    sin_productos: 'o.sin_productos', rechazado_id: 'o.rechazado_id', id_replica: 'o.id_replica', version: 'o.version',
    id_tipo_mantenimiento: 'o.id_tipo_mantenimiento',
  },
  search: [],
  // codigo, equipo_codigo, equipo_descripcion and placa_equipo, normalised (migrations/0016).
  searchColumn: 'o.busqueda',
  dateColumn: 'o.fecha_apertura_ot',
  key: 'o.id',
  defaultOrder: { col: 'fecha_apertura_ot', dir: 'desc' },
  filters: {
    id_obra: idFilter('o.id_obra'),
    id_equipo: idFilter('o.id_equipo'),
    estado: estadoFilter as never,
    // Issue 19: the KPI screens link to the orders a figure counts (type, machine, opening month).
    id_tipo_mantenimiento: { schema: v.pipe(v.picklist(['1', '2', '3', 1, 2, 3], 'Tipo de mantenimiento no válido'), v.transform(Number)), where: (sql, value: number) => sql`o.id_tipo_mantenimiento = ${value}` },
  },
  scope: (sql, ctx) => siteScope(sql, ctx.principal, 'o.id_obra'),
  rowRights: async (ctx) => {
    const actor = await loadActor(ctx.deps, ctx.principal);
    return (row) => rowPermissions(row, actor);
  },
};

/** Seed 001 §7, work orders: list, form, create (multipart), line and document removal, cancel,
 * detail tables, timeline, PDF, service request, RUC lookup and the live board. */
export function workOrderRoutes(options: { ruc?: RucLookup } = {}): AnyRoute[] {
  return [
    ...defineList(workOrderList),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/form`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Formulario de la orden de trabajo (id 0: nueva; replicar=true: réplica de una cerrada) con obras, unidades y conversiones',
      input: formInputSchema,
      output: workOrderFormReply,
      async handler(ctx) {
        const principal = ctx.principal;
        if (ctx.input.id) await assertWorkOrderVisible(ctx, ctx.input.id);
        const { id_equipo, id_pm_plan } = ctx.input;
        const preventive = ctx.input.id === 0 && id_equipo && id_pm_plan !== undefined ? { id_equipo, id_pm_plan } : undefined;
        return loadWorkOrderForm(ctx.deps, { id: ctx.input.id, replicar: ctx.input.replicar, actor: await loadActor(ctx.deps, principal), sites: await userSites(ctx.deps, principal), preventive });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/create`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Guardar la orden: CIERRE MECANICO (terminado 0) o CIERRE TOTAL (terminado 1); multipart con documento_{n} y las cuatro listas',
      input: saveInputSchema,
      bodyLimit: documentsBodyLimit(12),
      files: ['documento_{n}'],
      output: workOrderSavedReply,
      async handler(ctx) {
        const principal = ctx.principal;
        if (ctx.input.id) await assertWorkOrderVisible(ctx, ctx.input.id);
        const sites = await userSites(ctx.deps, principal);
        refuseSiteOutOfReach(ctx.input.id_obra, sites);
        return saveWorkOrder(ctx.deps, { input: ctx.input, files: ctx.files, principal, metadata: ctx.metadata });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/eliminarElementoDeDetalle`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Eliminar una fila de diagnósticos, intervenciones, repuestos o documentos',
      input: removeLineInputSchema,
      output: versionReply,
      async handler(ctx) {
        return removeLine(ctx, ctx.input.tabla, ctx.input, 'No se encontró la fila');
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/eliminarDocumento`,
      access: moduleAccess(MODULE, 'edit'),
      summary: 'Eliminar un documento adicional de la orden (id de la fila)',
      input: removeDocumentInputSchema,
      output: versionReply,
      async handler(ctx) {
        return removeLine(ctx, 'documentos', ctx.input, 'No se encontró el documento');
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/disable`,
      access: moduleAccess(MODULE, 'edit'),
      summary: "Cancelar la orden ('Desactivar'): solo admin o root, con la solicitud en borrador o sin solicitud",
      input: idInputSchema,
      output: noPayload(),
      async handler(ctx) {
        const principal = ctx.principal;
        await assertWorkOrderVisible(ctx, ctx.input.id);
        await executeOn(ctx.deps.store, workOrders, ctx.input.id, { type: 'CancelWorkOrder', actor: await loadActor(ctx.deps, principal) }, { metadata: ctx.metadata });
        return { msg: MSG_CANCELLED };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerDetalle`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Filas de una tabla de la orden (diagnosticos, intervenciones, productos_solicitados, documentos)',
      input: detailInputSchema,
      output: detailReply,
      async handler(ctx) {
        await assertWorkOrderVisible(ctx, ctx.input.id_orden_trabajo);
        const lines = await loadLines(ctx.deps, ctx.input.id_orden_trabajo, ctx.input.tabla);
        return { items: lines[ctx.input.tabla] };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/obtenerLineaDeTiempo`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Linea de tiempo de la orden: resumen (apertura_cierre) y flujo detallado (flujo_total), desde sus eventos',
      input: timelineInputSchema,
      output: timelineReply,
      async handler(ctx) {
        await assertWorkOrderVisible(ctx, ctx.input.id_orden_trabajo);
        return loadTimeline(ctx.deps, ctx.input.id_orden_trabajo);
      },
    }),
    // Seed 002 §7, §9: the work-order filter of the later screens loads up to 1000 options.
    defineLookup({
      path: '/fil_datas/ordenesTrabajo',
      access: { kind: 'signed_in' },
      summary: 'Órdenes de trabajo de las obras del usuario para selects y filtros (código; limit hasta 1000)',
      from: 'rm_ordenes_trabajo',
      valueColumn: 'id',
      labelColumn: 'codigo',
      extra: { id_obra: 'id_obra', obra: 'obra', equipo_codigo: 'equipo_codigo', estado: 'estado' },
      fields: workOrderOption,
      search: ['codigo', 'equipo_codigo'],
      parent: { param: 'id_obra', column: 'id_obra' },
      order: 'id DESC',
      maxLimit: 1000,
      scope: (sql, principal) => siteScope(sql, principal, 'id_obra'),
    }),
    ...withFormPost(
      defineRoute({
        method: 'GET',
        path: `${MODULE}/pdf`,
        access: moduleAccess(MODULE, 'see'),
        summary: 'La orden de trabajo en PDF (obra, equipo, fechas, tiempos, las cuatro tablas y las firmas)',
        input: idInputSchema,
        output: fileReply('application/pdf'),
        async handler(ctx) {
          await assertWorkOrderVisible(ctx, ctx.input.id);
          return workOrderPdf(ctx.deps, ctx.input.id);
        },
      }),
      'La orden de trabajo en PDF en una pestaña nueva, desde un formulario (id y token)',
    ),
    serviceRequestRoute(`${MODULE}/crearPreSolicitudServicio`, 'Generar la solicitud de servicio de una orden sin productos de almacén (can_create_request)'),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/consultarRuc`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Razón social de un RUC (Buscar del tercero)',
      input: rucInputSchema,
      output: rucReply,
      async handler(ctx) {
        const found = await (options.ruc ?? localRucLookup(ctx.deps.sql))(ctx.input.ruc);
        if (!found) throw new ApiError(404, 'No se encontró el RUC', { tercero_ruc: 'No se encontró el RUC: escriba la razón social' });
        return { item: found };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${MODULE}/tablero`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Tablero en vivo: órdenes abiertas por obra con su antigüedad y situación',
      input: v.object({ id_obra: v.optional(positiveId()) }),
      output: boardReply,
      async handler(ctx) {
        return workOrderBoard(ctx.deps, { principal: ctx.principal, idObra: ctx.input.id_obra });
      },
    }),
  ];
}

