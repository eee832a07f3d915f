import { changesOf, sameValue } from '@shared/diff';
import { isAdminRole } from '@shared/roles';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { refusePickedRows } from '../picked-rows';
import {
  FIRMAS,
  HEADER_FIELDS,
  TABLAS,
  TIPOS_MANTENIMIENTO,
  type Actor,
  type DocLine,
  type Firmante,
  type Header,
  type Line,
  type Lines,
  type MaterialCreationLine,
  type PartLine,
  SITE_ORDER_FIELDS,
  type SiteOrderLine,
  type Tabla,
  type WorkLine,
  type WorkOrderCommand,
  type WorkOrderEvent,
  type WorkOrderState,
} from './types';

import { ProductState } from '@shared/purchase-request-codes';
import { MSG_REQUIRED as REQUIRED, MSG_VALE_REQUIRED, MSG_VALIDATION, MSG_WORK_ORDER_NOT_FOUND as MSG_NOT_FOUND } from '@shared/messages';
import { roundQty } from '@shared/quantity';

export { MSG_NOT_FOUND, MSG_VALIDATION, REQUIRED };
export const MSG_CLOSED = 'La orden de trabajo está cerrada: no se puede modificar';
export const MSG_CANCELLED = 'La orden de trabajo está cancelada: no se puede modificar';
export const MSG_TOTAL_NEEDS_SAVE = 'Guarde la orden de trabajo antes del cierre total';
export const MSG_PARTS_LOCKED = 'Los repuestos ya no se pueden modificar: el almacén de obra atendió la orden o ya existe una solicitud de compra';
export const MSG_EQUIPMENT_LOCKED = 'El equipo ya no se puede cambiar: el almacén de obra atendió la orden o ya existe una solicitud de compra';
export const MSG_CANCEL_ROLE = 'Solo un administrador puede cancelar una orden de trabajo';
export const MSG_CANCEL_REQUEST = 'No se puede cancelar: la solicitud de la orden ya no está en borrador';
export const MSG_ALREADY_CANCELLED = 'La orden de trabajo ya está cancelada';
export const MSG_REPLICATE_NOT_CLOSED = 'Solo se puede replicar una orden de trabajo cerrada';
export const MSG_ALREADY_REPLICATED = 'Esta orden de trabajo ya fue replicada';
export const MSG_ELEMENT_REQUIRED = 'Seleccione el elemento';
export const MSG_CLOSE_BEFORE_OPEN = 'La fecha de cierre no puede ser anterior a la fecha de apertura';
export const MSG_UNIT_NOT_ALLOWED = 'La unidad no está permitida para el tipo de material';
export const MSG_LINE_NOT_FOUND = 'No se encontró la fila';
export const MSG_REQUEST_NEEDS_NO_PARTS = 'Solo una orden que no requiere productos de almacén puede generar una solicitud de servicio';
export const MSG_REQUEST_EXISTS = 'La orden de trabajo ya tiene una solicitud';
export const MSG_REQUEST_RIGHT = 'No tiene permiso para crear solicitudes';
export const MSG_SITE_ORDER_ATTENDED = 'El pedido ya fue atendido por el almacén de obra: no se puede modificar';
export const MSG_EXCEEDS_REQUESTED = 'No puede ser mayor a la cantidad solicitada';
export const MSG_NEGATIVE = 'Ingrese una cantidad mayor o igual a 0';
export const MSG_NO_STOCK = 'El producto elegido ya no tiene stock disponible';
export const MSG_PICK_STOCK = 'Elija el producto de otra solicitud del que se toma el stock';
export const MSG_NEW_MATERIAL_NO_STOCK = 'Un material por crear no tiene stock: deje en 0 el stock de obra y no use stock de otra solicitud';
export const MSG_MATERIAL_UNKNOWN = 'El material no existe';
export const MSG_STOCK_PRODUCT_GONE = 'El producto elegido ya no existe';
export const MSG_NOT_ATTENDED = 'El almacén de obra aún no atendió el pedido';
export const MSG_NO_DRAFT_PARTS = 'No hay repuestos por solicitar';
export const MSG_MATERIALS_PENDING = 'Los materiales por crear aún no fueron creados en SICAM';
export const MSG_NO_MATERIAL_REQUEST = 'La orden no tiene una solicitud de creación de materiales';
export const MSG_MATERIALS_ALREADY_SENT = 'La solicitud de creación de materiales ya fue enviada a SICAM';

export const MSG_TIPO_MANTENIMIENTO = 'Elija el tipo de mantenimiento: preventivo (MP), correctivo (MC) o MCD';

const EMPTY_HEADER: Header = {
  id_obra: null, id_equipo: null, placa_equipo: '', serie_equipo: '', fecha_parada: null, fecha_puesta_marcha: null,
  fecha_apertura_ot: null, fecha_cierre_ot: null, horometro_parada: null, horometro_puesta_marcha: null, horometro_apertura_ot: null,
  horometro_cierre_ot: null, kilometraje: null, tercero_ruc: '', tercero_razon_social: '', id_operador: null, id_mecanico: null,
  id_supervisor: null, sin_productos: 0, id_tipo_mantenimiento: 2,
};

function emptyLines(): Lines {
  return { diagnosticos: {}, intervenciones: {}, productos_solicitados: {}, documentos: {} };
}

/** The fields a save may change on each kind of line; the warehouse owns estado and vale_salida. */
const EDITABLE: Record<Tabla, string[]> = {
  diagnosticos: ['id_grupo_funcional', 'id_grupo_funcional_elemento', 'descripcion', 'horas', 'minutos', 'observacion'],
  intervenciones: ['id_grupo_funcional', 'id_grupo_funcional_elemento', 'descripcion', 'horas', 'minutos', 'observacion'],
  productos_solicitados: [
    'id_grupo_funcional', 'id_grupo_funcional_elemento', 'descripcion', 'id_unidad', 'id_material', 'codigo_material', 'id_material_tipo',
    'solicitud_material', 'cantidad_solicitada_por_tecnico',
  ],
  documentos: ['pic', 'nombre', 'observaciones'],
};

/** A new part line's Pedido fields: nothing taken from stock yet. */
export const NEW_PART_FIELDS = {
  estado: ProductState.borrador, vale_salida: '', cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0 as const,
  id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0, id_producto_solicitado: null,
};

/** What is left to request for a line (seed 002 L125): requested − site stock − stock taken from
 * another request, never negative. */
export function toRequest(line: Pick<PartLine, 'cantidad_solicitada_por_tecnico' | 'cantidad_en_almacen_obra' | 'cantidad_stock_solicitud'>): number {
  return Math.max(0, roundQty(Number(line.cantidad_solicitada_por_tecnico) - Number(line.cantidad_en_almacen_obra ?? 0) - Number(line.cantidad_stock_solicitud ?? 0)));
}

/** The material-creation lines have all been given their material by SICAM (or there are none). */
export function materialsAttended(state: Pick<WorkOrderState, 'materiales' | 'lines'>): boolean {
  if (!state.materiales) return true;
  return state.materiales.lineas.every((l) => {
    const line = state.lines.productos_solicitados[String(l.line_id)];
    return !line || Boolean(line.id_material);
  });
}

/** Lines still to request in a purchase request ("productos en borrador"). */
export function draftParts(state: Pick<WorkOrderState, 'lines'>): PartLine[] {
  const served: number[] = [ProductState.enAlmacenObra, ProductState.salidaDeAlmacen, ProductState.cancelado];
  return Object.values(state.lines.productos_solicitados).filter((l) => !l.id_producto_solicitado && !served.includes(l.estado) && toRequest(l) > 0);
}

/** Seed 002 L123: the Pedido may be saved while not attended and the order is open. */
export function canSaveSiteOrder(state: WorkOrderState): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (state.status === 'cerrado') return MSG_CLOSED;
  if (state.status === 'cancelado') return MSG_CANCELLED;
  if (state.atendido_por_almacen_obra === 1) return MSG_SITE_ORDER_ATTENDED;
  return null;
}

/** Seed 002 L123: "generate a purchase request" is offered when the Pedido was attended, draft
 * products exist, the user has can_create_request, material creation is attended or absent, and
 * no purchase request exists yet. */
export function canGeneratePurchaseRequest(state: WorkOrderState, actor: Pick<Actor, 'canCreateRequest'>): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (state.status === 'cancelado') return MSG_CANCELLED;
  if (state.status === 'cerrado') return MSG_CLOSED;
  if (state.atendido_por_almacen_obra !== 1) return MSG_NOT_ATTENDED;
  if (state.request) return MSG_REQUEST_EXISTS;
  if (!actor.canCreateRequest) return MSG_REQUEST_RIGHT;
  if (!materialsAttended(state)) return MSG_MATERIALS_PENDING;
  if (!draftParts(state).length) return MSG_NO_DRAFT_PARTS;
  return null;
}

/** Seed 002 L123: the material-creation request may be sent again while SICAM has not taken it. */
export function canResendMaterials(state: WorkOrderState): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (!state.materiales) return MSG_NO_MATERIAL_REQUEST;
  if (state.materiales.estado === 'enviado') return MSG_MATERIALS_ALREADY_SENT;
  return null;
}

export const MSG_MATERIALS_PUSH_IN_PROGRESS = 'El envío a SICAM de la solicitud de materiales ya está en curso';

/** The resend of a failed material push (enviarASicamSolicitudMateriales), with what the stream
 * knows: `requestKey`, the id of the last MaterialCreationRequested (null: none). Refused as
 * canResendMaterials (404 for an order that does not exist, else 409); answers the push's key and
 * the lines asked for. */
export function refuseMaterialsResend(state: WorkOrderState, requestKey: string | null): { key: string; lineas: readonly MaterialCreationLine[] } {
  const refusal = canResendMaterials(state);
  if (refusal) throw new CommandRejected(refusal, {}, state.status === 'absent' ? 404 : 409);
  if (!requestKey || !state.materiales) throw new CommandRejected(MSG_NO_MATERIAL_REQUEST, {}, 409);
  return { key: requestKey, lineas: state.materiales.lineas };
}

/** The resend's queueing: `jobId` null means a push of the order is queued or running (409). */
export function refuseMaterialsPushRunning(jobId: string | null): string {
  if (!jobId) throw new CommandRejected(MSG_MATERIALS_PUSH_IN_PROGRESS, {}, 409);
  return jobId;
}

/** The Pedido's save (seed 002 §4 "Material quantity logic"): each named part line's site stock
 * (0 to the requested quantity), the stock taken from another request's product (min(available,
 * requested − site stock), fixed here) and the material-creation toggle (which clears the
 * material). `terminado`: "Atendido": lines fully covered move to 9 en almacén obra, the order is
 * attended and, with material-creation lines, their request to SICAM is recorded. */
function decideSiteOrder(command: Extract<WorkOrderCommand, { type: 'SaveSiteOrder' }>, state: WorkOrderState): WorkOrderEvent[] {
  refuse(canSaveSiteOrder(state), 409);
  const id = state.id;
  const errors: Record<string, string> = {};
  const events: WorkOrderEvent[] = [];
  const after = new Map<number, PartLine>();
  withCatalogueMaterials(command.lines, command.materials).forEach((sent, i) => {
    const key = (f: string) => `productos_solicitados.${i}.${f}`;
    const before = state.lines.productos_solicitados[String(sent.id)];
    if (!before) {
      errors[key('id')] = MSG_LINE_NOT_FOUND;
      return;
    }
    const requested = Number(before.cantidad_solicitada_por_tecnico);
    const line: PartLine = { ...before, ...pickSiteFields(sent) };
    const site = Number(line.cantidad_en_almacen_obra);
    if (!Number.isFinite(site) || site < 0) errors[key('cantidad_en_almacen_obra')] = MSG_NEGATIVE;
    else if (site > requested) errors[key('cantidad_en_almacen_obra')] = MSG_EXCEEDS_REQUESTED;
    if (!line.id_unidad) errors[key('id_unidad')] = REQUIRED;
    const allowed = line.id_material_tipo ? command.allowedUnits[String(line.id_material_tipo)] : undefined;
    if (line.id_unidad && Array.isArray(allowed) && !allowed.includes(line.id_unidad)) errors[key('id_unidad')] = MSG_UNIT_NOT_ALLOWED;
    if (line.solicitud_material === 1) {
      // Toggling material creation resets the material (seed 002 L125).
      Object.assign(line, { id_material: null, codigo_material: '' });
      if (!String(line.descripcion ?? '').trim()) errors[key('descripcion')] = 'Describa el material que se solicita crear';
      if (site > 0 || line.usar_stock_solicitud === 1) errors[key('cantidad_en_almacen_obra')] = MSG_NEW_MATERIAL_NO_STOCK;
    } else if (!line.id_material) errors[key('id_material')] = REQUIRED;
    if (line.usar_stock_solicitud === 1) {
      const product = line.id_producto_solicitado_stock_solicitud;
      const available = product ? command.stockAvailable[String(product)] ?? 0 : 0;
      if (!product) errors[key('id_producto_solicitado_stock_solicitud')] = MSG_PICK_STOCK;
      else if (!(available > 0)) errors[key('id_producto_solicitado_stock_solicitud')] = MSG_NO_STOCK;
      line.cantidad_stock_solicitud = Math.max(0, roundQty(Math.min(available, requested - Math.min(site, requested))));
    } else Object.assign(line, { id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0 });
    after.set(line.id, line);
  });
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
  if (command.terminado && command.stockRequests) {
    const lent = Object.values({ ...state.lines.productos_solicitados, ...Object.fromEntries([...after].map(([k, l]) => [String(k), l])) });
    if (lent.some((l) => l.usar_stock_solicitud === 1 && l.id_producto_solicitado_stock_solicitud && l.cantidad_stock_solicitud > 0 && !command.stockRequests?.[String(l.id_producto_solicitado_stock_solicitud)])) {
      throw new CommandRejected(MSG_VALIDATION, { productos_solicitados: MSG_STOCK_PRODUCT_GONE }, 422);
    }
  }
  for (const line of after.values()) {
    const before = state.lines.productos_solicitados[String(line.id)];
    const fields: string[] = [...SITE_ORDER_FIELDS];
    if (command.terminado && line.solicitud_material !== 1 && toRequest(line) === 0) {
      line.estado = ProductState.enAlmacenObra;
      fields.push('estado');
    }
    const changes = changesOf(before as Record<string, unknown>, line as Record<string, unknown>, fields);
    if (Object.keys(changes).length) events.push({ type: 'WorkOrderLineChanged', data: { id, tabla: 'productos_solicitados', line_id: line.id, changes } });
  }
  if (command.terminado) {
    // Lines the Pedido did not name are settled as they stand.
    for (const line of Object.values(state.lines.productos_solicitados)) {
      if (after.has(line.id) || line.solicitud_material === 1 || toRequest(line) > 0 || line.estado === ProductState.enAlmacenObra) continue;
      events.push({ type: 'WorkOrderLineChanged', data: { id, tabla: 'productos_solicitados', line_id: line.id, changes: { estado: { from: line.estado, to: ProductState.enAlmacenObra } } } });
    }
  }
  events.push({ type: 'WorkOrderSiteOrderSaved', data: { id, by: command.by } });
  if (command.terminado) {
    events.push({ type: 'WorkOrderAttendedBySiteWarehouse', data: { id, by: command.by } });
    const all = { ...state.lines.productos_solicitados };
    for (const l of after.values()) all[String(l.id)] = l;
    const lineas: MaterialCreationLine[] = Object.values(all)
      .filter((l) => l.solicitud_material === 1)
      .map((l) => ({ line_id: l.id, descripcion: String(l.descripcion).trim(), id_unidad: l.id_unidad, id_material_tipo: l.id_material_tipo }));
    if (lineas.length) events.push({ type: 'MaterialCreationRequested', data: { id, lineas, by: command.by } });
  }
  return events;
}

/** The Pedido's lines with the catalogue's material each names (a line creating a material names
 * none): its code and type, and its name when the line has no description; a material the
 * catalogue lacks is refused (422, on the first such line). */
function withCatalogueMaterials(lines: SiteOrderLine[], materials: Extract<WorkOrderCommand, { type: 'SaveSiteOrder' }>['materials']): SiteOrderLine[] {
  if (!materials) return lines;
  return lines.map((l, i) => {
    if (!l.id_material || l.solicitud_material === 1) return l;
    const m = materials[String(l.id_material)];
    if (!m) throw new CommandRejected(MSG_VALIDATION, { [`productos_solicitados.${i}.id_material`]: MSG_MATERIAL_UNKNOWN }, 422);
    return { ...l, codigo_material: m.codigo, id_material_tipo: m.id_material_tipo, descripcion: l.descripcion || m.nombre };
  });
}

function pickSiteFields(sent: SiteOrderLine): Partial<PartLine> {
  const out: Record<string, unknown> = {};
  for (const f of SITE_ORDER_FIELDS) if (f in sent) out[f] = (sent as Record<string, unknown>)[f];
  return out;
}

/** The 409 of an issue asking more than a line has to give now. */
export const MSG_NOT_ENOUGH_TO_ISSUE = 'No hay cantidad suficiente para la salida: actualice la lista e inténtelo de nuevo';
export const MSG_NOT_ATTENDED_ISSUE = 'El almacén de obra aún no atendió el pedido de esta orden';
export const MSG_ISSUE_POSITIVE = 'La cantidad a salir debe ser mayor que 0';

export { MSG_PICK_ROWS, MSG_ROW_NOT_FOUND as MSG_ISSUE_LINE_NOT_FOUND } from '../picked-rows';

/** An issue as sent, before its orders are loaded (one reply for all its rows): the picked rows
 * (`refusePickedRows`), each with its exit voucher. */
export function refuseIssueRows(rows: readonly { vale: string; visible: boolean }[]): void {
  refusePickedRows('salidas', rows, rows.some((r) => !r.vale) ? { vale_salida: MSG_VALE_REQUIRED } : {});
}

/** What the site holds for a line and may still issue: its site stock and what was received for
 * it, less what was issued; never more than what is still needed. */
export function availableToIssue(line: PartLine): number {
  const held = Number(line.cantidad_en_almacen_obra ?? 0) + Number(line.cantidad_recibida ?? 0) - Number(line.cantidad_salida ?? 0);
  const needed = Number(line.cantidad_solicitada_por_tecnico) - Number(line.cantidad_salida ?? 0);
  return Math.max(0, roundQty(Math.min(held, needed)));
}

/** Site issues (seed 002 §5): the exit voucher is required; each quantity above 0 and at most
 * what the line has available and still needs; only on open orders whose Pedido was attended. */
function decideIssue(command: Extract<WorkOrderCommand, { type: 'IssueParts' }>, state: WorkOrderState): WorkOrderEvent[] {
  refuseIfFinished(state);
  if (state.atendido_por_almacen_obra !== 1) throw new CommandRejected(MSG_NOT_ATTENDED_ISSUE, {}, 409);
  const errors: Record<string, string> = {};
  const vale = command.vale.trim();
  if (!vale) errors.vale_salida = MSG_VALE_REQUIRED;
  const taken = new Map<number, number>();
  // Asking more than the line has now is a conflict with what others issued (409), not bad input.
  const short: Record<string, string> = {};
  for (const s of command.salidas) {
    const key = `salidas.${s.index}.cantidad_a_salir`;
    const line = state.lines.productos_solicitados[String(s.line_id)];
    if (!line) {
      errors[`salidas.${s.index}.id_producto_solicitado`] = MSG_LINE_NOT_FOUND;
      continue;
    }
    const left = roundQty(availableToIssue(line) - (taken.get(line.id) ?? 0));
    if (!(s.cantidad > 0)) errors[key] = MSG_ISSUE_POSITIVE;
    else if (s.cantidad > left) short[key] = `No puede ser mayor a la cantidad disponible (${left})`;
    else taken.set(line.id, (taken.get(line.id) ?? 0) + s.cantidad);
  }
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, { ...errors, ...short }, 422);
  if (Object.keys(short).length) throw new CommandRejected(MSG_NOT_ENOUGH_TO_ISSUE, short, 409);
  const salidas = [...taken].map(([line_id, cantidad]) => ({ line_id, cantidad: roundQty(cantidad) }));
  return [{ type: 'WorkOrderPartsIssued', data: { id: state.id, id_salida: command.idSalida, vale_salida: vale, salidas, by: command.by } }];
}

/** Seed 001 §4: parts lock once the site warehouse attended or a purchase request exists. */
export function partsLocked(state: Pick<WorkOrderState, 'atendido_por_almacen_obra' | 'request'>): boolean {
  return state.atendido_por_almacen_obra === 1 || (state.request?.id ?? 0) > 0;
}

function refuseIfFinished(state: WorkOrderState) {
  if (state.status === 'absent') throw new CommandRejected(MSG_NOT_FOUND, {}, 404);
  if (state.status === 'cerrado') throw new CommandRejected(MSG_CLOSED, {}, 409);
  if (state.status === 'cancelado') throw new CommandRejected(MSG_CANCELLED, {}, 409);
}

/** Seed 001 §5: required header fields; the closing date not before the opening date. */
function headerErrors(h: Header): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of ['id_obra', 'id_equipo', 'fecha_apertura_ot', 'id_operador', 'id_mecanico', 'id_supervisor'] as const) {
    if (h[f] === null || h[f] === '' || h[f] === 0) errors[f] = REQUIRED;
  }
  // Issue 13, item 22: an order cannot close before it opened (both 'YYYY-MM-DD HH:MM' wall clocks).
  if (h.fecha_apertura_ot && h.fecha_cierre_ot && h.fecha_cierre_ot < h.fecha_apertura_ot) errors.fecha_cierre_ot = MSG_CLOSE_BEFORE_OPEN;
  // Issue 19: the reports split by these three ids (MP, MC, MCD); the catalogue only names them.
  if (!TIPOS_MANTENIMIENTO.includes(h.id_tipo_mantenimiento)) errors.id_tipo_mantenimiento = MSG_TIPO_MANTENIMIENTO;
  return errors;
}

/** Seed 001 §5: the element is required on every diagnosis, intervention and part line; part
 * units are limited to the material type's units; a part names its material unless it asks for
 * a new one (solicitud_material = 1), which then needs a description. */
function lineErrors(tabla: Tabla, line: Line, index: number, allowedUnits: Record<string, number[]>): Record<string, string> {
  const errors: Record<string, string> = {};
  const key = (f: string) => `${tabla}.${index}.${f}`;
  if (tabla === 'documentos') {
    if (!(line as DocLine).pic) errors[key('pic')] = 'Adjunte el archivo';
    return errors;
  }
  const work = line as WorkLine | PartLine;
  if (!work.id_grupo_funcional_elemento) errors[key('id_grupo_funcional_elemento')] = MSG_ELEMENT_REQUIRED;
  if (tabla !== 'productos_solicitados') return errors;
  const part = line as PartLine;
  if (!(part.cantidad_solicitada_por_tecnico > 0)) errors[key('cantidad_solicitada_por_tecnico')] = 'La cantidad debe ser mayor que 0';
  if (!part.id_unidad) errors[key('id_unidad')] = REQUIRED;
  if (part.solicitud_material === 1) {
    if (!part.descripcion.trim()) errors[key('descripcion')] = 'Describa el material que se solicita crear';
  } else if (!part.id_material) {
    errors[key('id_material')] = REQUIRED;
  }
  const allowed = part.id_material_tipo ? allowedUnits[String(part.id_material_tipo)] : undefined;
  if (part.id_unidad && Array.isArray(allowed) && !allowed.includes(part.id_unidad)) errors[key('id_unidad')] = MSG_UNIT_NOT_ALLOWED;
  return errors;
}

function decideSave(command: Extract<WorkOrderCommand, { type: 'SaveWorkOrder' }>, state: WorkOrderState): WorkOrderEvent[] {
  const isNew = state.status === 'absent';
  if (!isNew) refuseIfFinished(state);
  if (isNew && command.terminado) throw new CommandRejected(MSG_TOTAL_NEEDS_SAVE, {}, 409);
  const id = isNew ? command.id : state.id;
  const header: Header = { ...command.header };
  const errors = headerErrors(header);

  const locked = !isNew && partsLocked(state);
  if (!isNew && locked && !sameValue(state.header.id_equipo, header.id_equipo)) throw new CommandRejected(MSG_EQUIPMENT_LOCKED, { id_equipo: MSG_EQUIPMENT_LOCKED }, 409);

  // Seed 001 §5: 'No requiere productos de almacen' clears the requested products.
  const input = { ...command.lines, productos_solicitados: header.sin_productos === 1 ? [] : command.lines.productos_solicitados };
  const ids = [...command.newLineIds];
  const events: WorkOrderEvent[] = [];
  const lineEvents: WorkOrderEvent[] = [];

  for (const tabla of TABLAS) {
    const rows = input[tabla] as Line[];
    rows.forEach((row, index) => {
      Object.assign(errors, lineErrors(tabla, row, index, command.allowedUnits));
      if (row.id > 0) {
        const before = state.lines[tabla][String(row.id)] as Line | undefined;
        if (!before) {
          errors[`${tabla}.${index}.id`] = MSG_LINE_NOT_FOUND;
          return;
        }
        const changes = changesOf(before as Record<string, unknown>, row as Record<string, unknown>, EDITABLE[tabla]);
        if (Object.keys(changes).length) lineEvents.push({ type: 'WorkOrderLineChanged', data: { id, tabla, line_id: row.id, changes } });
      } else {
        const newId = ids.shift();
        if (newId === undefined) throw new Error('SaveWorkOrder: not enough new line ids');
        const line = tabla === 'productos_solicitados' ? { ...(row as PartLine), id: newId, ...NEW_PART_FIELDS } : { ...row, id: newId };
        lineEvents.push({ type: 'WorkOrderLineAdded', data: { id, tabla, line } });
      }
    });
  }
  if (header.sin_productos === 1) {
    for (const line of Object.values(state.lines.productos_solicitados)) {
      lineEvents.push({ type: 'WorkOrderLineRemoved', data: { id, tabla: 'productos_solicitados', line_id: line.id, line, reason: 'sin_productos' } });
    }
  }
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
  if (locked && lineEvents.some((e) => (e.data as { tabla: Tabla }).tabla === 'productos_solicitados')) {
    throw new CommandRejected(MSG_PARTS_LOCKED, {}, 409);
  }

  if (isNew) {
    events.push({ type: 'WorkOrderOpened', data: { id, codigo: command.codigo, header, rechazado_id: command.rechazado_id, by: command.actor.id } });
  } else {
    const changes = changesOf(state.header as Record<string, unknown>, header as Record<string, unknown>, HEADER_FIELDS);
    if (Object.keys(changes).length) events.push({ type: 'WorkOrderDetailsChanged', data: { id, changes } });
  }
  for (const firmante of Object.keys(FIRMAS) as Firmante[]) {
    const before = isNew ? 0 : state.firmas[firmante];
    const signer = header[FIRMAS[firmante]];
    const personChanged = !isNew && !sameValue(state.header[FIRMAS[firmante]], signer);
    if (command.firmas[firmante] === 1 && signer && (before === 0 || personChanged)) {
      events.push({ type: 'WorkOrderSigned', data: { id, firmante, id_user: signer } });
    } else if (command.firmas[firmante] === 0 && before === 1) {
      events.push({ type: 'WorkOrderSignatureWithdrawn', data: { id, firmante, id_user: state.header[FIRMAS[firmante]] } });
    }
  }
  events.push(...lineEvents);
  events.push(command.terminado ? { type: 'WorkOrderClosed', data: { id } } : { type: 'WorkOrderSaved', data: { id } });
  return events;
}

/** Seed 001 §4: only admin or root cancel, only while the request is a draft or absent, and not twice. */
export function canCancel(state: WorkOrderState, actor: Actor): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (state.status === 'cancelado') return MSG_ALREADY_CANCELLED;
  if (!isAdminRole(actor.roleId)) return MSG_CANCEL_ROLE;
  if (state.request && state.request.estado !== 'borrador') return MSG_CANCEL_REQUEST;
  return null;
}

export const MSG_SITE_OUT_OF_REACH = 'No tiene acceso a esta obra';

/** An order is saved on one of the acting user's sites (`sites`: theirs, 'all' for every site);
 * another site is the form's error on the site (422). No site chosen yet: the save's own rules. */
export function refuseSiteOutOfReach(idObra: number | null | undefined, sites: readonly number[] | 'all'): void {
  if (idObra && sites !== 'all' && !sites.includes(idObra)) throw new CommandRejected(MSG_VALIDATION, { id_obra: MSG_SITE_OUT_OF_REACH }, 422);
}

/** The records an order's save names (site, machine, people, parts…) must be there as the read
 * models have them: `errors` (field → message) are those that are not; any is the form's refusal
 * (422). */
export function refuseMissingReferences(errors: Readonly<Record<string, string>>): void {
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, { ...errors }, 422);
}

/** Seed 001 §4: replication is offered for a closed order, once. */
export function canReplicate(state: WorkOrderState): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (state.status !== 'cerrado') return MSG_REPLICATE_NOT_CLOSED;
  if (state.id_replica) return MSG_ALREADY_REPLICATED;
  return null;
}

/** The replication rule as a refusal (409; a missing order 404): the replica's form is refused
 * by it before any save, and the original records its replica under it (MarkReplicated). */
export function refuseReplicate(state: WorkOrderState): void {
  refuse(canReplicate(state), 409);
}

/** Seed 001 §4: an order with sin_productos = 1 and no request may generate a service request,
 * for users with can_create_request. */
export function canCreateServiceRequest(state: WorkOrderState, actor: Actor): string | null {
  if (state.status === 'absent') return MSG_NOT_FOUND;
  if (state.status === 'cancelado') return MSG_CANCELLED;
  if (state.header.sin_productos !== 1) return MSG_REQUEST_NEEDS_NO_PARTS;
  if (state.request) return MSG_REQUEST_EXISTS;
  if (!actor.canCreateRequest) return MSG_REQUEST_RIGHT;
  return null;
}

function refuse(reason: string | null, status: number) {
  if (reason === MSG_NOT_FOUND) throw new CommandRejected(reason, {}, 404);
  if (reason) throw new CommandRejected(reason, {}, status);
}

export const workOrderDecider: Decider<WorkOrderState, WorkOrderCommand, WorkOrderEvent> = {
  initialState: () => ({
    status: 'absent',
    id: 0,
    codigo: '',
    header: { ...EMPTY_HEADER },
    firmas: { operador: 0, mecanico: 0, supervisor: 0 },
    lines: emptyLines(),
    rechazado_id: null,
    id_replica: null,
    request: null,
    atendido_por_almacen_obra: 0,
    materiales: null,
  }),

  decide(command, state) {
    switch (command.type) {
      case 'SaveWorkOrder':
        return decideSave(command, state);
      case 'RemoveLine': {
        refuseIfFinished(state);
        const line = state.lines[command.tabla][String(command.lineId)] as Line | undefined;
        if (!line) throw new CommandRejected(MSG_LINE_NOT_FOUND, {}, 404);
        if (command.tabla === 'productos_solicitados' && partsLocked(state)) throw new CommandRejected(MSG_PARTS_LOCKED, {}, 409);
        return [{ type: 'WorkOrderLineRemoved', data: { id: state.id, tabla: command.tabla, line_id: command.lineId, line, reason: 'eliminado' } }];
      }
      case 'CancelWorkOrder':
        refuse(canCancel(state, command.actor), 403);
        return [{ type: 'WorkOrderCancelled', data: { id: state.id } }];
      case 'MarkReplicated':
        refuseReplicate(state);
        return [{ type: 'WorkOrderReplicated', data: { id: state.id, id_replica: command.id_replica } }];
      case 'LinkRequest':
        if (command.viaServiceRequest) {
          // Without can_create_request the user may not generate it at all: 403, as crearPreSolicitud.
          const reason = canCreateServiceRequest(state, command.actor);
          refuse(reason, reason === MSG_REQUEST_RIGHT ? 403 : 409);
        }
        else if (command.fromDraftParts) {
          // crearPreSolicitud: without can_create_request, 403 as well.
          const reason = canGeneratePurchaseRequest(state, command.actor);
          refuse(reason, reason === MSG_REQUEST_RIGHT ? 403 : 409);
        }
        else if (state.request) throw new CommandRejected(MSG_REQUEST_EXISTS, {}, 409);
        refuseIfFinished(state);
        return [{ type: 'WorkOrderRequestLinked', data: { id: state.id, request: command.request } }];
      case 'ChangeRequestState':
        if (!state.request) throw new CommandRejected(MSG_NOT_FOUND, {}, 404);
        return state.request.estado === command.estado ? [] : [{ type: 'WorkOrderRequestStateChanged', data: { id: state.id, estado: command.estado } }];
      case 'MarkAttendedBySiteWarehouse':
        refuseIfFinished(state);
        return state.atendido_por_almacen_obra === 1 ? [] : [{ type: 'WorkOrderAttendedBySiteWarehouse', data: { id: state.id, ...(command.by ? { by: command.by } : {}) } }];
      case 'SaveSiteOrder':
        return decideSiteOrder(command, state);
      case 'RecordMaterialsSent':
        if (!state.materiales) throw new CommandRejected(MSG_NO_MATERIAL_REQUEST, {}, 409);
        return state.materiales.estado === 'enviado' ? [] : [{ type: 'MaterialCreationSentToSicam', data: { id: state.id, id_sicam: command.idSicam } }];
      case 'RecordMaterialsFailed':
        if (!state.materiales) throw new CommandRejected(MSG_NO_MATERIAL_REQUEST, {}, 409);
        return state.materiales.estado === 'enviado' ? [] : [{ type: 'MaterialCreationSicamFailed', data: { id: state.id, reason: command.reason, attempts: command.attempts } }];
      case 'LinkCreatedMaterial': {
        const line = state.lines.productos_solicitados[String(command.lineId)];
        if (!line || !state.materiales?.lineas.some((l) => l.line_id === command.lineId)) throw new CommandRejected(MSG_LINE_NOT_FOUND, {}, 404);
        if (line.id_material === command.idMaterial) return [];
        return [{
          type: 'RequestedMaterialCreated',
          data: { id: state.id, line_id: command.lineId, id_material: command.idMaterial, codigo_material: command.codigo, descripcion: command.descripcion, id_material_tipo: command.idMaterialTipo },
        }];
      }
      case 'IssueParts':
        return decideIssue(command, state);
      case 'RecordPartsReceived': {
        const entradas = command.entradas.filter((e) => state.lines.productos_solicitados[String(e.line_id)] && e.cantidad > 0);
        return entradas.length ? [{ type: 'WorkOrderPartsReceived', data: { id: state.id, id_entrada: command.idEntrada, entradas } }] : [];
      }
      case 'RecordPartsRequested':
        return [{ type: 'WorkOrderPartsRequested', data: { id: state.id, id_solicitud_compra: command.idSolicitud, productos: command.productos } }];
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkOrderOpened':
        return { ...state, status: 'abierto', id: event.data.id, codigo: event.data.codigo, header: { ...event.data.header }, rechazado_id: event.data.rechazado_id };
      case 'WorkOrderDetailsChanged': {
        const header = { ...state.header } as Record<string, unknown>;
        for (const [f, c] of Object.entries(event.data.changes)) header[f] = (c).to;
        return { ...state, header: header as Header };
      }
      case 'WorkOrderSigned':
        return { ...state, firmas: { ...state.firmas, [event.data.firmante]: 1 } };
      case 'WorkOrderSignatureWithdrawn':
        return { ...state, firmas: { ...state.firmas, [event.data.firmante]: 0 } };
      case 'WorkOrderLineAdded':
        return { ...state, lines: { ...state.lines, [event.data.tabla]: { ...state.lines[event.data.tabla], [String(event.data.line.id)]: event.data.line } } };
      case 'WorkOrderLineChanged': {
        const table = state.lines[event.data.tabla] as Record<string, Line>;
        const line = { ...table[String(event.data.line_id)] } as Record<string, unknown>;
        for (const [f, c] of Object.entries(event.data.changes)) line[f] = c.to;
        return { ...state, lines: { ...state.lines, [event.data.tabla]: { ...table, [String(event.data.line_id)]: line } } };
      }
      case 'WorkOrderLineRemoved': {
        const table = { ...(state.lines[event.data.tabla] as Record<string, Line>) };
        delete table[String(event.data.line_id)];
        return { ...state, lines: { ...state.lines, [event.data.tabla]: table } };
      }
      case 'WorkOrderSaved':
        return state;
      case 'WorkOrderClosed':
        return { ...state, status: 'cerrado' };
      case 'WorkOrderCancelled':
        return { ...state, status: 'cancelado' };
      case 'WorkOrderReplicated':
        return { ...state, id_replica: event.data.id_replica };
      case 'WorkOrderRequestLinked':
        return { ...state, request: { ...event.data.request } };
      case 'WorkOrderRequestStateChanged':
        return state.request ? { ...state, request: { ...state.request, estado: event.data.estado } } : state;
      case 'WorkOrderAttendedBySiteWarehouse':
        return { ...state, atendido_por_almacen_obra: 1 };
      case 'WorkOrderSiteOrderSaved':
        return state;
      case 'MaterialCreationRequested':
        return { ...state, materiales: { estado: 'pendiente', id_sicam: null, motivo: null, lineas: event.data.lineas } };
      case 'MaterialCreationSentToSicam':
        return state.materiales ? { ...state, materiales: { ...state.materiales, estado: 'enviado', id_sicam: event.data.id_sicam, motivo: null } } : state;
      case 'MaterialCreationSicamFailed':
        return state.materiales ? { ...state, materiales: { ...state.materiales, estado: 'fallido', motivo: event.data.reason } } : state;
      case 'RequestedMaterialCreated': {
        const line = state.lines.productos_solicitados[String(event.data.line_id)];
        if (!line) return state;
        const next: PartLine = { ...line, id_material: event.data.id_material, codigo_material: event.data.codigo_material, descripcion: event.data.descripcion, id_material_tipo: event.data.id_material_tipo };
        return { ...state, lines: { ...state.lines, productos_solicitados: { ...state.lines.productos_solicitados, [String(line.id)]: next } } };
      }
      case 'WorkOrderPartsReceived': {
        const table = { ...state.lines.productos_solicitados };
        for (const r of event.data.entradas) {
          const line = table[String(r.line_id)];
          if (line) table[String(r.line_id)] = { ...line, cantidad_recibida: roundQty(Number(line.cantidad_recibida ?? 0) + r.cantidad) };
        }
        return { ...state, lines: { ...state.lines, productos_solicitados: table } };
      }
      case 'WorkOrderPartsIssued': {
        const table = { ...state.lines.productos_solicitados };
        for (const s of event.data.salidas) {
          const line = table[String(s.line_id)];
          if (!line) continue;
          const salida = roundQty(Number(line.cantidad_salida ?? 0) + s.cantidad);
          table[String(s.line_id)] = {
            ...line, cantidad_salida: salida, vale_salida: event.data.vale_salida,
            estado: salida >= Number(line.cantidad_solicitada_por_tecnico) ? ProductState.salidaDeAlmacen : line.estado,
          };
        }
        return { ...state, lines: { ...state.lines, productos_solicitados: table } };
      }
      case 'WorkOrderPartsRequested': {
        const table = { ...state.lines.productos_solicitados };
        for (const p of event.data.productos) if (table[String(p.line_id)]) table[String(p.line_id)] = { ...table[String(p.line_id)], id_producto_solicitado: p.id_producto };
        return { ...state, lines: { ...state.lines, productos_solicitados: table } };
      }
      default:
        return unreachable(event, 'event');
    }
  },
};

/** The work-order aggregate: `work_order-{id}` streams decided by workOrderDecider. */
export const workOrders = aggregate('work_order', workOrderDecider);
