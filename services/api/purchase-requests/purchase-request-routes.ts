import { defineLogList } from '../admin/logs/log-routes';
import { defineLookup } from '../platform/define-lookup';
import type { Principal } from '../platform/principal';
import { noPayload, rowId } from '@shared/contracts/platform';
import { withFormPost } from '../platform/show-in-tab';
import { defineRoute, fileReply, moduleAccess, type AnyRoute, type RouteContext } from '../platform/route';
import { siteScope } from '../platform/site-scope';
import { centralForm, refreshStates, saveCentral } from './central-order';
import { purchaseRequestFromWorkOrderRoute } from './from-work-order';
import { loadProducts, loadRequestItem } from './load-request';
import {
  centralFormReply, productsReply, requestFormReply, requestSaveReply,
} from '@shared/contracts/purchase-requests';
import {
  annulProductSchema, centralFormSchema, centralSaveSchema, detailInputSchema, formInputSchema, observeInputSchema,
  MAX_REQUEST_DOCUMENTS, productIdSchema, rejectInputSchema, removeDetailSchema, requestIdSchema, saveInputSchema,
} from './purchase-request-schemas';
import {
  annulProduct, annulRequest, approveRequest, assertRequestVisible, observeRequest, rejectRequest, removeDocument, removeProduct, resendRequest,
} from './request-actions';
import { productMovementRoutes } from './product-movements';
import { centralList, productList, requestList } from './request-lists';
import { saveRequest } from './save-request';
import { serviceRequestRoute } from '../work-orders/work-order-routes';
import { documentsBodyLimit } from '../platform/upload/documentRows';
import { requestPdf } from './request-pdf';
import * as v from 'valibot';

const MODULE = '/solicitudes_compras';
const CENTRAL = '/almacen_central_ots';

const msgReply = () => noPayload();

/** Seed 002 §7 "Purchase requests" and the central warehouse's Pedido: lists and exports, the
 * request form and its save (create, create_not_ot), the workflow actions, the requests generated
 * from a work order, the products, the request log, the lookups. */
export function purchaseRequestRoutes(): AnyRoute[] {
  const action = <S extends v.GenericSchema>(
    path: string, summary: string, input: S, run: (ctx: RouteContext<v.InferOutput<S>>, p: Principal) => Promise<Record<string, unknown>>, module = MODULE,
    output: v.GenericSchema = msgReply(),
  ) =>
    defineRoute({
      method: 'POST',
      path: `${module}/${path}`,
      access: moduleAccess(module, 'edit'),
      summary,
      input,
      output,
      async handler(ctx) {
        return run(ctx, ctx.principal);
      },
    });
  const ctxOf = (ctx: RouteContext<unknown>, p: Principal) => ({ deps: ctx.deps, principal: p, metadata: ctx.metadata });
  /** A request's products (the list's detail, the detail tables, the Pedido), 404 off the caller's sites. */
  const products = <S extends v.GenericSchema>(path: string, module: string, summary: string, input: S, idOf: (i: v.InferOutput<S>) => number) =>
    defineRoute({
      method: 'GET',
      path,
      access: moduleAccess(module, 'see'),
      summary,
      input,
      output: productsReply,
      async handler(ctx) {
        const id = idOf(ctx.input);
        await assertRequestVisible(ctx.deps, ctx.principal, id);
        return { items: await loadProducts(ctx.deps.sql, id) };
      },
    });

  const form = (method: 'GET' | 'POST') =>
    defineRoute({
      method,
      path: `${MODULE}/form`,
      access: moduleAccess(MODULE, 'see'),
      summary: 'Formulario de la solicitud (id 0: valores iniciales de una nueva) con sus productos',
      input: formInputSchema,
      output: requestFormReply,
      async handler(ctx) {
        const p = ctx.principal;
        const [u] = await ctx.deps.sql<{ can_approve_requests: number | null; name: string; surname: string; id_obra: number | null }[]>`
          SELECT can_approve_requests, name, surname, id_obra::int FROM rm_users WHERE id = ${p.userId}`;
        const puede_aprobar = p.isRoot || u?.can_approve_requests === 1;
        if (ctx.input.id === 0) {
          return {
            item: { id: 0 as const, tipo: null, id_obra: u?.id_obra ?? null, id_supervisor: p.userId, nombre_supervisor: u?.name ?? null, apellido_supervisor: u?.surname ?? null, editable: 1 as const, productos_solicitados: [], documentos: [], objeto_estado: null, protected: 0 as const },
            puede_aprobar,
          };
        }
        return { item: await loadRequestItem(ctx.deps, p, ctx.input.id), puede_aprobar };
      },
    });

  const save = (path: 'create' | 'create_not_ot', withWorkOrder: boolean, summary: string) =>
    defineRoute({
      method: 'POST',
      path: `${MODULE}/${path}`,
      access: moduleAccess(MODULE, 'edit'),
      summary,
      input: saveInputSchema,
      bodyLimit: documentsBodyLimit(MAX_REQUEST_DOCUMENTS + 1),
      files: ['documento_{n}'],
      output: requestSaveReply,
      async handler(ctx) {
        return (await saveRequest(ctx.deps, { input: ctx.input, files: ctx.files, principal: ctx.principal, metadata: ctx.metadata, withWorkOrder }));
      },
    });

  return [
    ...requestList(),
    ...productList(),
    ...productMovementRoutes(),
    ...centralList(),
    form('GET'),
    form('POST'),
    save('create', true, 'Registrar (id 0) o guardar una solicitud con orden de trabajo; terminado=1 la envía (compra y despacho al almacén central, servicio a aprobación)'),
    save('create_not_ot', false, 'Registrar (id 0) o guardar una solicitud sin orden de trabajo; terminado=1 la envía'),
    purchaseRequestFromWorkOrderRoute(`${MODULE}/crearPreSolicitud`, '/ordenes_trabajo', 'Generar la solicitud de compra (borrador) de una orden de trabajo cuyo pedido atendió el almacén de obra, con lo que falta solicitar (can_create_request)'),
    serviceRequestRoute(`${MODULE}/crearPreSolicitudServicio`, 'Generar la solicitud de servicio de una orden sin productos de almacén (también en /ordenes_trabajo/crearPreSolicitudServicio)'),
    action('aprobar', 'Aprobar una solicitud pendiente de aprobación (can_approve_requests): pasa a solicitado y se envía a SICAM', requestIdSchema,
      (ctx, p) => approveRequest(ctxOf(ctx, p), ctx.input.id_solicitud_compra)),
    action('rechazar', 'Rechazar una solicitud pendiente de aprobación (can_approve_requests), con su motivo', rejectInputSchema,
      (ctx, p) => rejectRequest(ctxOf(ctx, p), ctx.input.id_solicitud_compra, ctx.input.motivo_rechazo)),
    defineRoute({
      method: 'POST',
      path: `${MODULE}/observar`,
      access: { kind: 'signed_in' },
      summary: 'Observar una solicitud que espera al almacén central, con su motivo (editar en /almacen_central_ots o /solicitudes_compras)',
      input: observeInputSchema,
      output: msgReply(),
      async handler(ctx) {
        return observeRequest(ctxOf(ctx, ctx.principal), ctx.input.id_solicitud_compra, ctx.input.motivo_observado);
      },
    }),
    action('anular_sicoe', 'Anular una solicitud solicitada que aún no se envió a SICAM', requestIdSchema,
      (ctx, p) => annulRequest(ctxOf(ctx, p), ctx.input.id_solicitud_compra)),
    action('anular_sicoe_material', 'Anular un producto solicitado (id_gestion_ot): cancelado antes de la orden de compra, anulado en ella después', annulProductSchema,
      (ctx, p) => annulProduct(ctxOf(ctx, p), ctx.input.id_gestion_ot)),
    action('enviarASicam', 'Reenviar a SICAM una solicitud solicitada cuyo envío falló (misma clave de idempotencia)', requestIdSchema,
      (ctx, p) => resendRequest(ctxOf(ctx, p), ctx.input.id_solicitud_compra)),
    action('eliminarProducto', 'Quitar un producto de una solicitud en borrador u observada', productIdSchema,
      (ctx, p) => removeProduct(ctxOf(ctx, p), ctx.input.id)),
    action('eliminarElementoDeDetalle', 'Quitar una fila de una tabla de detalle (productos_solicitados o documentos) de una solicitud en borrador u observada', removeDetailSchema,
      (ctx, p) => (ctx.input.tabla === 'documentos' ? removeDocument(ctxOf(ctx, p), ctx.input.id) : removeProduct(ctxOf(ctx, p), ctx.input.id)),
      MODULE, v.object({ version: v.optional(rowId()) })),
    products(`${MODULE}/obtenerProductos`, MODULE, 'Productos de una solicitud (detalle desplegable de la lista)', requestIdSchema, (i) => i.id_solicitud_compra),
    products(`${MODULE}/obtenerDetalle`, MODULE, 'Tabla de detalle de una solicitud (tabla=productos_solicitados)', detailInputSchema, (i) => i.id_solicitud_compra),
    ...(['PDF', 'obtenerPDF'] as const).flatMap((name) =>
      withFormPost(
        defineRoute({
          method: 'GET',
          path: `${MODULE}/${name}`,
          access: moduleAccess(MODULE, 'see'),
          summary: 'La solicitud en PDF (cabecera y tabla de productos)',
          input: requestIdSchema,
          output: fileReply('application/pdf'),
          async handler(ctx) {
            return requestPdf(ctx.deps, ctx.principal, ctx.input.id_solicitud_compra);
          },
        }),
        'La solicitud en PDF en una pestaña nueva, desde un formulario (id_solicitud_compra y token)',
      ),
    ),
    ...defineLogList({
      path: '/solicitud_compra_logs', module: '/solicitud_compra_logs', title: 'Historial de solicitudes', fileBase: 'historial-solicitudes',
      summary: 'Actividad de las solicitudes y de sus órdenes de trabajo (15 por página); filtros target, id_target, type_log, id_user',
      targets: ['purchase_request', 'work_order'],
    }),
    // The central warehouse's Pedido, keyed by request id (SEED-002-ANALYSIS ambiguity 9).
    defineRoute({
      method: 'GET',
      path: `${CENTRAL}/form`,
      access: moduleAccess(CENTRAL, 'see'),
      summary: 'Pedido del almacén central: la solicitud con sus productos, el stock central y lo que falta comprar',
      input: centralFormSchema,
      output: centralFormReply,
      async handler(ctx) {
        return (await centralForm(ctx.deps, ctx.principal, ctx.input.id));
      },
    }),
    products(`${CENTRAL}/obtenerDetalle`, CENTRAL, 'Productos del pedido del almacén central', centralFormSchema, (i) => i.id),
    defineRoute({
      method: 'POST',
      path: `${CENTRAL}/create`,
      access: moduleAccess(CENTRAL, 'edit'),
      summary: 'Guardar el pedido del almacén central (stock central por producto); terminado=1: Atendido',
      input: centralSaveSchema,
      output: v.object({ is_new: v.boolean(), item: centralFormReply.entries.item }),
      async handler(ctx) {
        return (await saveCentral(ctxOf(ctx, ctx.principal), ctx.input));
      },
    }),
    action('actualizarEstados', 'Actualizar Estados: consulta a SICAM el avance de la orden de compra de la solicitud', requestIdSchema,
      (ctx, p) => refreshStates(ctxOf(ctx, p), ctx.input.id_solicitud_compra), CENTRAL),
    // Lookups of seed 002 §7 with their limits.
    defineLookup({
      path: '/fil_datas/solicitudesCompras',
      access: { kind: 'signed_in' },
      summary: 'Solicitudes por código (hasta 1000)',
      from: 'rm_solicitudes_compras r',
      valueColumn: 'r.id',
      labelColumn: 'r.codigo',
      where: "r.codigo <> ''",
      order: 'r.id DESC',
      defaultLimit: 100,
      maxLimit: 1000,
      scope: (sql, p) => siteScope(sql, p, 'r.id_obra'),
    }),
    defineLookup({
      path: '/fil_datas/numerosOrdenCompra',
      access: { kind: 'signed_in' },
      summary: 'Números de orden de compra de SICAM (hasta 1000)',
      from: '(SELECT DISTINCT p.numero_orden, r.id_obra FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra WHERE p.numero_orden IS NOT NULL) n',
      valueColumn: 'n.numero_orden',
      labelColumn: 'n.numero_orden',
      value: v.string(),
      order: 'n.numero_orden DESC',
      defaultLimit: 100,
      maxLimit: 1000,
      scope: (sql, p) => siteScope(sql, p, 'n.id_obra'),
    }),
  ];
}
