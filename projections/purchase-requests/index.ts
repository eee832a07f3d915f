import type { FieldChange } from '@shared/diff';
import type { TransactionSql } from 'postgres';
import { isEventOf } from '../../events/event-of';
import { jsonb } from '../../events/jsonb';
import { purchaseRequestCatalogue } from '../../events/purchase-request/catalogue';
import { ProductState, type ProductStateCode, RequestState } from '@shared/purchase-request-codes';
import type { NewRequestProduct, PurchaseRequestEvent, RequestDocument } from '../../events/purchase-request/types';
import type { RecordedEvent } from '../../events/types';
import type { InlineProjection } from '../types';

/** The request fields the form saves (`fields` of PurchaseRequestCreated/Edited) that are columns
 * of rm_solicitudes_compras. Anything else in `fields` stays in the event only. */
export const REQUEST_FIELD_COLUMNS = [
  'id_equipo', 'id_centro_costo_tipo', 'id_centro_costo_indirecto', 'id_centro_costo_indirecto_elemento', 'id_grupo_funcional',
  'id_solicitudes_tipo', 'id_solicitudes_clasificacion', 'id_solicitudes_movilizacion_recursos', 'id_solicitudes_movilizacion_terceros_tipocc',
  'id_solicitudes_movilizacion_terceros_ter_recurso', 'descripcion_trabajo', 'fecha_requerimiento', 'fecha_recepcion_pedido',
  // Issue 29: the work-site front (rm_frentes_obra); events saved before it carry none (null).
  'id_frente_obra',
] as const;

const KIND_CODE = { compra: 1, servicio: 2, despacho: 3 } as const;

function fieldColumns(fields: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const c of REQUEST_FIELD_COLUMNS) if (c in fields) row[c] = fields[c] ?? null;
  return row;
}

function productRow(p: NewRequestProduct, idSolicitud: number, orden: number, estado: number, at: Date) {
  return {
    id: p.id,
    id_solicitud_compra: idSolicitud,
    orden,
    id_material: p.id_material,
    codigo: p.codigo ?? '',
    descripcion: p.descripcion ?? '',
    id_unidad: p.id_unidad ?? null,
    cantidad_solicitada_por_tecnico: p.cantidad_solicitada_por_tecnico ?? p.cantidad,
    cantidad_solicitada_por_almacen_obra: p.cantidad,
    id_linea_ot: p.id_linea_ot ?? null,
    solicitud_material: p.solicitud_material ?? 0,
    cantidad_en_almacen_obra: p.cantidad_en_almacen_obra ?? 0,
    usar_stock_solicitud: p.usar_stock_solicitud ?? 0,
    id_producto_solicitado_stock_solicitud: p.id_producto_solicitado_stock_solicitud ?? null,
    cantidad_stock_solicitud: p.cantidad_stock_solicitud ?? 0,
    estado,
    date_updated: at,
  };
}

async function insertDocuments(tx: TransactionSql, idSolicitud: number, docs: RequestDocument[] | undefined, at: Date) {
  if (!docs?.length) return;
  const rows = docs.map((d) => ({ id: d.id, id_solicitud_compra: idSolicitud, pic: d.pic, nombre: d.nombre ?? '', observaciones: d.observaciones, date_created: at }));
  await tx`INSERT INTO rm_solicitud_compra_documentos ${tx(rows)}`;
}

/** The OT's code, kept on the request row for its search and OT filter: an OT's code never changes
 * once given, and the OT's stream precedes its requests' in the log. */
async function otCode(tx: TransactionSql, idOrden: number | null): Promise<string> {
  if (!idOrden) return '';
  const [o] = await tx<{ codigo: string }[]>`SELECT codigo FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
  return o?.codigo ?? '';
}

/** The site's code, kept on the request row for the list's site column and its sort. */
async function siteCode(tx: TransactionSql, idObra: number | null): Promise<string> {
  if (!idObra) return '';
  const [o] = await tx<{ codigo: string }[]>`SELECT codigo FROM rm_obras WHERE id = ${idObra}`;
  return o?.codigo ?? '';
}

/** A site whose code changes (or that is removed) rewrites the code its requests keep; the site
 * record projections run before this one in the same transaction, so rm_obras already holds it. */
function changesSiteCode(e: RecordedEvent): boolean {
  if (e.streamType !== 'obra') return false;
  if (e.type === 'RecordRemoved') return true;
  return e.type === 'RecordUpdated' && 'codigo' in (e.data.changes as Record<string, FieldChange>);
}

/** The last line per product: what updating the products line by line would leave when an event
 * names one twice. */
function lastPerProduct<L extends { id_producto: number }>(lines: L[]): L[] {
  return [...new Map(lines.map((l) => [l.id_producto, l])).values()];
}

/** What a transfer sent or the site received, added per product in one statement (one product may
 * come in several lines: a transfer sends it from each group it left from); the products now
 * entirely moved (`completos`) reach `estado`. */
async function addMoved(
  tx: TransactionSql,
  e: RecordedEvent<PurchaseRequestEvent>,
  column: 'cantidad_enviada_obra' | 'cantidad_recibida_obra',
  lines: { id_producto: number; cantidad: number }[],
  completos: number[],
  estado: ProductStateCode,
) {
  if (!lines.length) return;
  await tx`UPDATE rm_productos_solicitados p SET ${tx(column)} = ${tx(column)} + v.cantidad,
      estado = CASE WHEN p.id = ANY(${completos}::bigint[]) THEN ${estado} ELSE p.estado END, date_updated = ${e.occurredAt}
    FROM (SELECT id_producto, sum(cantidad) AS cantidad FROM jsonb_to_recordset(${jsonb(tx, lines.map(({ id_producto, cantidad }) => ({ id_producto, cantidad })))})
            AS r(id_producto bigint, cantidad numeric) GROUP BY id_producto) v
    WHERE p.id = v.id_producto AND p.id_solicitud_compra = ${e.data.id}`;
}

async function applyOne(tx: TransactionSql, e: RecordedEvent<PurchaseRequestEvent>) {
  const id = e.data.id;
  const update = (set: Record<string, unknown>) =>
    tx`UPDATE rm_solicitudes_compras SET ${tx({ ...set, version: e.version, date_updated: e.occurredAt })} WHERE id = ${id}`;
  // Moves the request and its live products (cancelled ones and those of an annulled order keep theirs).
  const move = async (estado: number, productos: number, set: Record<string, unknown> = {}) => {
    await update({ estado, ...set });
    await tx`UPDATE rm_productos_solicitados SET estado = ${productos}, date_updated = ${e.occurredAt}
      WHERE id_solicitud_compra = ${id} AND estado NOT IN (${ProductState.cancelado}, ${ProductState.enOCAnulado})`;
  };
  // An approval or rejection moves the products it names (older events: every live product).
  const decided = async (estado: number, productos: number, ids: number[] | undefined, set: Record<string, unknown>) => {
    if (!ids) return move(estado, productos, set);
    await update({ estado, ...set });
    if (ids.length) await tx`UPDATE rm_productos_solicitados SET estado = ${productos}, date_updated = ${e.occurredAt} WHERE id IN ${tx(ids)} AND id_solicitud_compra = ${id}`;
  };
  switch (e.type) {
    case 'PurchaseRequestDrafted':
      await tx`INSERT INTO rm_solicitudes_compras ${tx({
        id, codigo: e.data.codigo ?? '', tipo: KIND_CODE.servicio, estado: RequestState.borrador, id_obra: e.data.id_obra, id_orden_trabajo: e.data.id_orden_trabajo,
        codigo_orden_trabajo: await otCode(tx, e.data.id_orden_trabajo), codigo_obra: await siteCode(tx, e.data.id_obra),
        creado_desde_ot: 1, id_supervisor: e.data.by, ...fieldColumns(e.data.fields ?? {}), version: e.version, fecha_creado: e.occurredAt, date_updated: e.occurredAt,
      })}`;
      return;
    case 'PurchaseRequestCreated': {
      await tx`INSERT INTO rm_solicitudes_compras ${tx({
        id, codigo: e.data.codigo, tipo: KIND_CODE[e.data.tipo], estado: RequestState.borrador, id_obra: e.data.id_obra,
        id_orden_trabajo: e.data.id_orden_trabajo, codigo_orden_trabajo: await otCode(tx, e.data.id_orden_trabajo),
        codigo_obra: await siteCode(tx, e.data.id_obra), creado_desde_ot: e.data.creado_desde_ot ? 1 : 0, id_supervisor: e.data.by,
        ...fieldColumns(e.data.fields), version: e.version, fecha_creado: e.occurredAt, date_updated: e.occurredAt,
      })}`;
      const rows = e.data.productos.map((p, i) => productRow(p, id, i + 1, ProductState.borrador, e.occurredAt));
      if (rows.length) await tx`INSERT INTO rm_productos_solicitados ${tx(rows)}`;
      await insertDocuments(tx, id, e.data.documentos, e.occurredAt);
      return;
    }
    case 'PurchaseRequestEdited': {
      const set = fieldColumns(e.data.fields);
      // A drafted service request gets its code on its first save.
      if (typeof e.data.fields.codigo === 'string') set.codigo = e.data.fields.codigo;
      await update(set);
      if (e.data.productos_quitados.length) await tx`DELETE FROM rm_productos_solicitados WHERE id IN ${tx(e.data.productos_quitados)}`;
      if (e.data.productos_editados?.length) {
        const lines = lastPerProduct(e.data.productos_editados.map((p) => ({
          id_producto: p.id, id_material: p.id_material, codigo: p.codigo ?? '', descripcion: p.descripcion ?? '', id_unidad: p.id_unidad ?? null, cantidad: p.cantidad,
        })));
        await tx`UPDATE rm_productos_solicitados p SET id_material = v.id_material, codigo = v.codigo, descripcion = v.descripcion, id_unidad = v.id_unidad,
            cantidad_solicitada_por_tecnico = v.cantidad, cantidad_solicitada_por_almacen_obra = v.cantidad, date_updated = ${e.occurredAt}
          FROM jsonb_to_recordset(${jsonb(tx, lines)}) AS v(id_producto bigint, id_material bigint, codigo text, descripcion text, id_unidad bigint, cantidad numeric)
          WHERE p.id = v.id_producto`;
      }
      if (e.data.productos_agregados.length) {
        const [{ estado, last }] = await tx<{ estado: number; last: number }[]>`
          SELECT r.estado, coalesce((SELECT max(orden) FROM rm_productos_solicitados WHERE id_solicitud_compra = r.id), 0)::int AS last
          FROM rm_solicitudes_compras r WHERE r.id = ${id}`;
        const productEstado = estado === RequestState.observado ? ProductState.observado : ProductState.borrador;
        const rows = e.data.productos_agregados.map((p, i) => productRow(p, id, last + i + 1, productEstado, e.occurredAt));
        await tx`INSERT INTO rm_productos_solicitados ${tx(rows)}`;
      }
      if (e.data.documentos_quitados?.length) await tx`DELETE FROM rm_solicitud_compra_documentos WHERE id IN ${tx(e.data.documentos_quitados)} AND id_solicitud_compra = ${id}`;
      await insertDocuments(tx, id, e.data.documentos_agregados, e.occurredAt);
      return;
    }
    case 'PurchaseRequestCentralQuantitiesSaved':
      await update({});
      if (e.data.productos.length) {
        const lines = lastPerProduct(e.data.productos.map(({ id: id_producto, ...p }) => ({ id_producto, ...p })));
        await tx`UPDATE rm_productos_solicitados p SET cantidad_en_almacen_central = v.cantidad_en_almacen_central,
            cantidad_solicitada_por_almacen_central = v.cantidad_solicitada_por_almacen_central, en_almacen_central = v.en_almacen_central,
            observacion_almacen_central = v.observacion_almacen_central, date_updated = ${e.occurredAt}
          FROM jsonb_to_recordset(${jsonb(tx, lines)}) AS v(id_producto bigint, cantidad_en_almacen_central numeric,
            cantidad_solicitada_por_almacen_central numeric, en_almacen_central smallint, observacion_almacen_central text)
          WHERE p.id = v.id_producto AND p.id_solicitud_compra = ${id}`;
      }
      return;
    case 'PurchaseRequestSent':
      await move(e.data.estado, e.data.estado_productos, { motivo_observado: null });
      return;
    case 'PurchaseRequestAttendedByCentral':
      await move(e.data.estado, e.data.estado_productos, { atendido_por_almacen_central: 1, id_logistico: e.data.by });
      // Products served entirely from central stock while the rest goes to approval (issue 28).
      if (e.data.en_almacen_central?.length) {
        await tx`UPDATE rm_productos_solicitados SET estado = ${ProductState.enAlmacenCentral}, date_updated = ${e.occurredAt}
          WHERE id IN ${tx(e.data.en_almacen_central)} AND id_solicitud_compra = ${id}`;
      }
      return;
    case 'PurchaseRequestObserved':
      await move(e.data.estado, e.data.estado_productos, { motivo_observado: e.data.motivo_observado });
      return;
    case 'PurchaseRequestApproved':
      // Servicio and compra go to SICAM; the push job was queued in this transaction.
      await decided(e.data.estado, e.data.estado_productos, e.data.productos, { sicam_estado: 'pendiente', sicam_motivo: null });
      return;
    case 'PurchaseRequestRejected':
      await decided(e.data.estado, e.data.estado_productos, e.data.productos, { motivo_rechazo: e.data.motivo_rechazo });
      return;
    case 'PurchaseRequestAnnulled':
      await move(e.data.estado, e.data.estado_productos, { sicam_estado: null });
      return;
    case 'RequestedProductsIssued':
      await update({});
      if (e.data.completos.length) {
        await tx`UPDATE rm_productos_solicitados SET estado = ${ProductState.salidaDeAlmacen}, date_updated = ${e.occurredAt}
          WHERE id IN ${tx(e.data.completos)} AND id_solicitud_compra = ${id}`;
      }
      return;
    case 'PurchaseRequestFinalized':
      await update({ estado: e.data.estado });
      return;
    case 'RequestedProductsSentToSite': {
      await update({});
      await addMoved(tx, e, 'cantidad_enviada_obra', e.data.salidas, e.data.completos ?? [], ProductState.enAlmacenObra);
      const rows = e.data.salidas.map((r) => ({
        id_traslado: e.data.id_traslado, id_producto: r.id_producto, id_solicitud_compra: id, codigo: r.codigo, numero_orden: r.numero_orden,
        numero_guia: e.data.numero_guia, cantidad: r.cantidad, id_user: e.data.by, fecha_creado: e.occurredAt,
      }));
      if (rows.length) await tx`INSERT INTO rm_almacen_central_traslados ${tx(rows)}`;
      return;
    }
    case 'RequestedProductsReceivedAtSite': {
      await update({});
      await addMoved(tx, e, 'cantidad_recibida_obra', e.data.entradas, e.data.completos, ProductState.recibidoEnAlmacenObra);
      const rows = e.data.entradas.map((r) => ({ id_entrada: e.data.id_entrada, id_producto: r.id_producto, id_solicitud_compra: id, cantidad: r.cantidad, id_user: e.data.by, fecha_creado: e.occurredAt }));
      if (rows.length) await tx`INSERT INTO rm_almacen_obra_entradas ${tx(rows)}`;
      return;
    }
    case 'RequestedProductStockReserved':
      await update({});
      await tx`UPDATE rm_productos_solicitados SET cantidad_reservada = cantidad_reservada + ${e.data.cantidad}, date_updated = ${e.occurredAt}
        WHERE id = ${e.data.id_producto} AND id_solicitud_compra = ${id}`;
      return;
    case 'RequestedProductAnnulled':
      await update({});
      await tx`UPDATE rm_productos_solicitados SET estado = ${e.data.estado}, date_updated = ${e.occurredAt} WHERE id = ${e.data.id_producto}`;
      return;
    case 'PurchaseRequestSentToSicam':
      await update({ enviado_sicam: 1, id_sicam: e.data.id_sicam, sicam_estado: 'enviado', sicam_motivo: null });
      return;
    case 'PurchaseRequestSicamFailed':
      await update({ sicam_estado: 'fallido', sicam_motivo: e.data.reason, sicam_intentos: e.data.attempts });
      return;
    // Telling SICAM of a product's annulment: the request's history (its events) shows it.
    case 'RequestedProductAnnulledInSicam':
    case 'RequestedProductSicamAnnulFailed':
      await update({});
      return;
    case 'PurchaseOrderSentForApproval':
    case 'PurchaseOrderAnnulled':
      await update({ numero_orden: e.data.numero_orden });
      if (e.data.productos.length) {
        await tx`UPDATE rm_productos_solicitados SET estado = ${e.data.estado_productos}, numero_orden = ${e.data.numero_orden}, date_updated = ${e.occurredAt}
          WHERE id IN ${tx(e.data.productos)} AND id_solicitud_compra = ${id}`;
      }
      return;
    case 'PurchaseOrderApproved':
      await update({ numero_orden: e.data.numero_orden });
      if (e.data.productos.length) {
        await tx`UPDATE rm_productos_solicitados p SET estado = ${e.data.estado_productos}, numero_orden = ${e.data.numero_orden},
            precio = v.precio, moneda = v.moneda, date_updated = ${e.occurredAt}
          FROM jsonb_to_recordset(${jsonb(tx, lastPerProduct(e.data.productos))}) AS v(id_producto bigint, precio numeric, moneda text)
          WHERE p.id = v.id_producto AND p.id_solicitud_compra = ${id}`;
      }
      return;
    case 'RequestedProductsEnteredCentral':
      await update({});
      if (e.data.productos.length) {
        await tx`UPDATE rm_productos_solicitados p SET estado = v.estado, cantidad_en_almacen_central_entrada = v.cantidad_entrada, date_updated = ${e.occurredAt}
          FROM jsonb_to_recordset(${jsonb(tx, lastPerProduct(e.data.productos))}) AS v(id_producto bigint, estado smallint, cantidad_entrada numeric)
          WHERE p.id = v.id_producto AND p.id_solicitud_compra = ${id}`;
      }
      // Each part kept in the event's order: it says which entry (albarán) it came from.
      if (e.data.productos.length) {
        await tx`INSERT INTO rm_productos_solicitados_entradas_central ${tx(e.data.productos.map((p, orden) => ({
          id_archivo: e.data.id_archivo, id_producto: p.id_producto, orden, id_solicitud_compra: id, numero_orden: e.data.numero_orden, cantidad: p.cantidad, fecha_creado: e.occurredAt,
        })))}`;
      }
      return;
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** Inline (read-your-writes): the request list and form (rm_solicitudes_compras) and its products
 * (rm_productos_solicitados), from the `purchase_request-{id}` streams. */
export const purchaseRequestsProjection: InlineProjection = {
  name: 'purchase_requests',
  handles: (e) => e.streamType === 'purchase_request' || changesSiteCode(e),
  async apply(tx, events) {
    for (const e of events) {
      if (e.streamType === 'obra') {
        const id = Number(e.data.id);
        await tx`UPDATE rm_solicitudes_compras r SET codigo_obra = coalesce((SELECT codigo FROM rm_obras WHERE id = ${id}), '')
          WHERE r.id_obra = ${id} AND r.codigo_obra IS DISTINCT FROM coalesce((SELECT codigo FROM rm_obras WHERE id = ${id}), '')`;
      } else if (isEventOf<PurchaseRequestEvent>(purchaseRequestCatalogue, e)) await applyOne(tx, e);
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_solicitudes_compras, rm_productos_solicitados, rm_solicitud_compra_documentos, rm_almacen_obra_entradas, rm_almacen_central_traslados, rm_productos_solicitados_entradas_central`;
  },
};
