import type { FieldChange } from '@shared/diff';
import type { TransactionSql } from 'postgres';
import { ProductState, RequestState } from '@shared/purchase-request-codes';
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
  await tx`INSERT INTO rm_solicitud_compra_documentos ${tx(rows as never)}`;
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

async function applyOne(tx: TransactionSql, e: RecordedEvent<PurchaseRequestEvent>) {
  const id = e.data.id;
  const update = (set: Record<string, unknown>) =>
    tx`UPDATE rm_solicitudes_compras SET ${tx({ ...set, version: e.version, date_updated: e.occurredAt } as never)} WHERE id = ${id}`;
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
      } as never)}`;
      return;
    case 'PurchaseRequestCreated': {
      await tx`INSERT INTO rm_solicitudes_compras ${tx({
        id, codigo: e.data.codigo, tipo: KIND_CODE[e.data.tipo], estado: RequestState.borrador, id_obra: e.data.id_obra,
        id_orden_trabajo: e.data.id_orden_trabajo, codigo_orden_trabajo: await otCode(tx, e.data.id_orden_trabajo),
        codigo_obra: await siteCode(tx, e.data.id_obra), creado_desde_ot: e.data.creado_desde_ot ? 1 : 0, id_supervisor: e.data.by,
        ...fieldColumns(e.data.fields), version: e.version, fecha_creado: e.occurredAt, date_updated: e.occurredAt,
      } as never)}`;
      const rows = e.data.productos.map((p, i) => productRow(p, id, i + 1, ProductState.borrador, e.occurredAt));
      if (rows.length) await tx`INSERT INTO rm_productos_solicitados ${tx(rows as never)}`;
      await insertDocuments(tx, id, e.data.documentos, e.occurredAt);
      return;
    }
    case 'PurchaseRequestEdited': {
      const set = fieldColumns(e.data.fields);
      // A drafted service request gets its code on its first save.
      if (typeof e.data.fields.codigo === 'string') set.codigo = e.data.fields.codigo;
      await update(set);
      if (e.data.productos_quitados.length) await tx`DELETE FROM rm_productos_solicitados WHERE id IN ${tx(e.data.productos_quitados)}`;
      for (const p of e.data.productos_editados ?? []) {
        await tx`UPDATE rm_productos_solicitados SET ${tx({
          id_material: p.id_material, codigo: p.codigo ?? '', descripcion: p.descripcion ?? '', id_unidad: p.id_unidad ?? null,
          cantidad_solicitada_por_tecnico: p.cantidad, cantidad_solicitada_por_almacen_obra: p.cantidad, date_updated: e.occurredAt,
        } as never)} WHERE id = ${p.id}`;
      }
      if (e.data.productos_agregados.length) {
        const [{ estado, last }] = await tx<{ estado: number; last: number }[]>`
          SELECT r.estado, coalesce((SELECT max(orden) FROM rm_productos_solicitados WHERE id_solicitud_compra = r.id), 0)::int AS last
          FROM rm_solicitudes_compras r WHERE r.id = ${id}`;
        const productEstado = estado === RequestState.observado ? ProductState.observado : ProductState.borrador;
        const rows = e.data.productos_agregados.map((p, i) => productRow(p, id, last + i + 1, productEstado, e.occurredAt));
        await tx`INSERT INTO rm_productos_solicitados ${tx(rows as never)}`;
      }
      if (e.data.documentos_quitados?.length) await tx`DELETE FROM rm_solicitud_compra_documentos WHERE id IN ${tx(e.data.documentos_quitados)} AND id_solicitud_compra = ${id}`;
      await insertDocuments(tx, id, e.data.documentos_agregados, e.occurredAt);
      return;
    }
    case 'PurchaseRequestCentralQuantitiesSaved':
      await update({});
      for (const p of e.data.productos) {
        await tx`UPDATE rm_productos_solicitados SET ${tx({
          cantidad_en_almacen_central: p.cantidad_en_almacen_central, cantidad_solicitada_por_almacen_central: p.cantidad_solicitada_por_almacen_central,
          en_almacen_central: p.en_almacen_central, observacion_almacen_central: p.observacion_almacen_central, date_updated: e.occurredAt,
        } as never)} WHERE id = ${p.id} AND id_solicitud_compra = ${id}`;
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
      const completos = e.data.completos ?? [];
      for (const r of e.data.salidas) {
        await tx`UPDATE rm_productos_solicitados SET cantidad_enviada_obra = cantidad_enviada_obra + ${r.cantidad},
            estado = CASE WHEN id = ANY(${completos}::bigint[]) THEN ${ProductState.enAlmacenObra} ELSE estado END, date_updated = ${e.occurredAt}
          WHERE id = ${r.id_producto} AND id_solicitud_compra = ${id}`;
      }
      const rows = e.data.salidas.map((r) => ({
        id_traslado: e.data.id_traslado, id_producto: r.id_producto, id_solicitud_compra: id, codigo: r.codigo, numero_orden: r.numero_orden,
        numero_guia: e.data.numero_guia, cantidad: r.cantidad, id_user: e.data.by, fecha_creado: e.occurredAt,
      }));
      if (rows.length) await tx`INSERT INTO rm_almacen_central_traslados ${tx(rows as never)}`;
      return;
    }
    case 'RequestedProductsReceivedAtSite': {
      await update({});
      for (const r of e.data.entradas) {
        await tx`UPDATE rm_productos_solicitados SET cantidad_recibida_obra = cantidad_recibida_obra + ${r.cantidad},
            estado = CASE WHEN id = ANY(${e.data.completos}::bigint[]) THEN ${ProductState.recibidoEnAlmacenObra} ELSE estado END, date_updated = ${e.occurredAt}
          WHERE id = ${r.id_producto} AND id_solicitud_compra = ${id}`;
      }
      const rows = e.data.entradas.map((r) => ({ id_entrada: e.data.id_entrada, id_producto: r.id_producto, id_solicitud_compra: id, cantidad: r.cantidad, id_user: e.data.by, fecha_creado: e.occurredAt }));
      if (rows.length) await tx`INSERT INTO rm_almacen_obra_entradas ${tx(rows as never)}`;
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
      await update({ enviado_sicam: 1, id_sicam: String(e.data.id_sicam), sicam_estado: 'enviado', sicam_motivo: null });
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
      for (const p of e.data.productos) {
        await tx`UPDATE rm_productos_solicitados SET ${tx({
          estado: e.data.estado_productos, numero_orden: e.data.numero_orden, precio: p.precio, moneda: p.moneda, date_updated: e.occurredAt,
        } as never)} WHERE id = ${p.id_producto} AND id_solicitud_compra = ${id}`;
      }
      return;
    case 'RequestedProductsEnteredCentral':
      await update({});
      for (const p of e.data.productos) {
        await tx`UPDATE rm_productos_solicitados SET estado = ${p.estado}, cantidad_en_almacen_central_entrada = ${p.cantidad_entrada}, date_updated = ${e.occurredAt}
          WHERE id = ${p.id_producto} AND id_solicitud_compra = ${id}`;
      }
      // Each part kept in the event's order: it says which entry (albarán) it came from.
      if (e.data.productos.length) {
        await tx`INSERT INTO rm_productos_solicitados_entradas_central ${tx(e.data.productos.map((p, orden) => ({
          id_archivo: e.data.id_archivo, id_producto: p.id_producto, orden, id_solicitud_compra: id, numero_orden: e.data.numero_orden, cantidad: p.cantidad, fecha_creado: e.occurredAt,
        })) as never)}`;
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
      } else await applyOne(tx, e as RecordedEvent<PurchaseRequestEvent>);
    }
  },
  async reset(tx) {
    await tx`TRUNCATE rm_solicitudes_compras, rm_productos_solicitados, rm_solicitud_compra_documentos, rm_almacen_obra_entradas, rm_almacen_central_traslados, rm_productos_solicitados_entradas_central`;
  },
};
