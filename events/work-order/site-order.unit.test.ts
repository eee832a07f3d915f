import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec';
import { upcast } from '../upcast';
import type { RecordedEvent } from '../types';
import {
  canGeneratePurchaseRequest,
  canResendMaterials,
  MSG_CANCELLED,
  MSG_CLOSED,
  MSG_EXCEEDS_REQUESTED,
  MSG_MATERIALS_ALREADY_SENT,
  MSG_MATERIALS_PENDING,
  MSG_NEGATIVE,
  MSG_NEW_MATERIAL_NO_STOCK,
  MSG_NO_DRAFT_PARTS,
  MSG_NO_STOCK,
  MSG_NOT_ATTENDED,
  MSG_REQUEST_EXISTS,
  MSG_REQUEST_RIGHT,
  MSG_SITE_ORDER_ATTENDED,
  NEW_PART_FIELDS,
  toRequest,
  workOrderDecider,
} from './decider';
import type { Header, PartLine, SiteOrderLine, WorkOrderCommand, WorkOrderEvent } from './types';

// The site warehouse's Pedido in the work order's decider (issue 16; seed 002 L123-L125), with the
// seed's numbers: L1 asks for 5, L2 for 4, L3 for 2 of a material to create.
const header = { id_obra: 1, id_equipo: 10, sin_productos: 0 } as Header;
const part = (id: number, over: Partial<PartLine> = {}): PartLine => ({
  id, id_grupo_funcional: 1, id_grupo_funcional_elemento: 11, descripcion: 'Filtro', id_unidad: 1, id_material: 500, codigo_material: 'F-1',
  id_material_tipo: 3, solicitud_material: 0, cantidad_solicitada_por_tecnico: 5, ...NEW_PART_FIELDS, ...over,
});
const added = (line: PartLine): WorkOrderEvent => ({ type: 'WorkOrderLineAdded', data: { id: 100, tabla: 'productos_solicitados', line } });
const opened: WorkOrderEvent = { type: 'WorkOrderOpened', data: { id: 100, codigo: 'OB-1-000001', header, rechazado_id: null, by: 7 } };
const L1 = part(1);
const L2 = part(2, { id_material: 501, codigo_material: 'S-2', cantidad_solicitada_por_tecnico: 4 });
const L3 = part(3, { id_material: null, codigo_material: '', descripcion: 'Empaque 3306', solicitud_material: 1, cantidad_solicitada_por_tecnico: 2 });
const history = [opened, added(L1), added(L2), added(L3)];
const attended: WorkOrderEvent = { type: 'WorkOrderAttendedBySiteWarehouse', data: { id: 100, by: 9 } };
const requested: WorkOrderEvent = { type: 'MaterialCreationRequested', data: { id: 100, lineas: [{ line_id: 3, descripcion: 'Empaque 3306', id_unidad: 1, id_material_tipo: 3 }], by: 9 } };
const created: WorkOrderEvent = { type: 'RequestedMaterialCreated', data: { id: 100, line_id: 3, id_material: 900, codigo_material: 'SIC-1', descripcion: 'Empaque 3306', id_material_tipo: 3 } };

function siteSave(lines: Partial<SiteOrderLine>[], over: Partial<Extract<WorkOrderCommand, { type: 'SaveSiteOrder' }>> = {}): WorkOrderCommand {
  return { type: 'SaveSiteOrder', lines: lines as SiteOrderLine[], terminado: false, allowedUnits: { '3': [1] }, stockAvailable: { '77': 1 }, by: 9, ...over };
}
const line = (base: PartLine, over: Partial<SiteOrderLine>): Partial<SiteOrderLine> => ({
  id: base.id, solicitud_material: base.solicitud_material, id_unidad: base.id_unidad, id_material: base.id_material, codigo_material: base.codigo_material,
  id_material_tipo: base.id_material_tipo, descripcion: base.descripcion, cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null,
  cantidad_stock_solicitud: 0, ...over,
});
const given = deciderSpec(workOrderDecider);
const stateAfter = (events: WorkOrderEvent[]) => given(events).state;

describe('the Pedido: quantities (seed 002 L125)', () => {
  it('site stock is at most the requested quantity and never negative', () => {
    given(history).when(siteSave([line(L1, { cantidad_en_almacen_obra: 7 })])).thenRefused('Revise los campos marcados', 422, { 'productos_solicitados.0.cantidad_en_almacen_obra': MSG_EXCEEDS_REQUESTED });
    given(history).when(siteSave([line(L1, { cantidad_en_almacen_obra: -1 })])).thenRefused('Revise los campos marcados', 422, { 'productos_solicitados.0.cantidad_en_almacen_obra': MSG_NEGATIVE });
  });

  it('site stock 2 of 5 leaves 3 to request', () => {
    const events = given(history).when(siteSave([line(L1, { cantidad_en_almacen_obra: 2 })])).then([
      { type: 'WorkOrderLineChanged', data: { id: 100, tabla: 'productos_solicitados', line_id: 1, changes: { cantidad_en_almacen_obra: { from: 0, to: 2 } } } },
      { type: 'WorkOrderSiteOrderSaved', data: { id: 100, by: 9 } },
    ]);
    expect(toRequest(stateAfter([...history, ...events]).lines.productos_solicitados['1'])).toBe(3);
  });

  it('stock of another request takes min(available, requested): 1 of 4 → 1 taken, 3 to request; none left → refused', () => {
    const events = given(history).when(siteSave([line(L2, { usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 77 })])).events();
    const l2 = stateAfter([...history, ...events]).lines.productos_solicitados['2'];
    expect(l2).toMatchObject({ usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 77, cantidad_stock_solicitud: 1 });
    expect(toRequest(l2)).toBe(3);
    const plenty = given(history).when(siteSave([line(L2, { usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 77, cantidad_en_almacen_obra: 1 })], { stockAvailable: { '77': 10 } })).events();
    // With 1 on site, the other request covers the remaining 3 (never more than requested).
    expect(stateAfter([...history, ...plenty]).lines.productos_solicitados['2']).toMatchObject({ cantidad_stock_solicitud: 3 });
    given(history).when(siteSave([line(L2, { usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 77 })], { stockAvailable: { '77': 0 } }))
      .thenRefused('Revise los campos marcados', 422, { 'productos_solicitados.0.id_producto_solicitado_stock_solicitud': MSG_NO_STOCK });
  });

  it('turning stock off clears the product and the quantity taken', () => {
    const took = given(history).when(siteSave([line(L2, { usar_stock_solicitud: 1, id_producto_solicitado_stock_solicitud: 77 })])).events();
    const back = given([...history, ...took]).when(siteSave([line(L2, { usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: 77 })])).events();
    expect(stateAfter([...history, ...took, ...back]).lines.productos_solicitados['2']).toMatchObject({ usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0 });
  });

  it('toggling material creation clears the material id and code; a material to create has no stock', () => {
    const events = given(history).when(siteSave([line(L1, { solicitud_material: 1, descripcion: 'Filtro especial' })])).events();
    expect(stateAfter([...history, ...events]).lines.productos_solicitados['1']).toMatchObject({ solicitud_material: 1, id_material: null, codigo_material: '', descripcion: 'Filtro especial' });
    given(history).when(siteSave([line(L3, { cantidad_en_almacen_obra: 1 })])).thenRefused('Revise los campos marcados', 422, { 'productos_solicitados.0.cantidad_en_almacen_obra': MSG_NEW_MATERIAL_NO_STOCK });
  });
});

describe('the Pedido: Atendido and the locks (seed 002 L123)', () => {
  it('Atendido moves fully covered lines to 9 en almacén obra, attends the order and asks SICAM for the new material', () => {
    given(history).when(siteSave([line(L1, { cantidad_en_almacen_obra: 5 })], { terminado: true })).then([
      { type: 'WorkOrderLineChanged', data: { id: 100, tabla: 'productos_solicitados', line_id: 1, changes: { cantidad_en_almacen_obra: { from: 0, to: 5 }, estado: { from: 1, to: 9 } } } },
      { type: 'WorkOrderSiteOrderSaved', data: { id: 100, by: 9 } },
      attended,
      requested,
    ]);
  });

  it('once attended, cancelled or closed the Pedido is locked (409)', () => {
    given([...history, attended]).when(siteSave([line(L1, { cantidad_en_almacen_obra: 1 })])).thenRefused(MSG_SITE_ORDER_ATTENDED, 409);
    given([...history, { type: 'WorkOrderCancelled', data: { id: 100 } }]).when(siteSave([])).thenRefused(MSG_CANCELLED, 409);
    given([...history, { type: 'WorkOrderClosed', data: { id: 100 } }]).when(siteSave([])).thenRefused(MSG_CLOSED, 409);
  });
});

describe('generating the purchase request (seed 002 L123)', () => {
  const actor = { canCreateRequest: true };
  it('needs the Pedido attended, the material created, the right, draft parts and no request', () => {
    expect(canGeneratePurchaseRequest(stateAfter(history), actor)).toBe(MSG_NOT_ATTENDED);
    expect(canGeneratePurchaseRequest(stateAfter([...history, attended, requested]), actor)).toBe(MSG_MATERIALS_PENDING);
    expect(canGeneratePurchaseRequest(stateAfter([...history, attended, requested, created]), { canCreateRequest: false })).toBe(MSG_REQUEST_RIGHT);
    expect(canGeneratePurchaseRequest(stateAfter([...history, attended, requested, created]), actor)).toBeNull();
    const linked: WorkOrderEvent = { type: 'WorkOrderRequestLinked', data: { id: 100, request: { id: 5, tipo: 'compra', estado: 'borrador' } } };
    expect(canGeneratePurchaseRequest(stateAfter([...history, attended, requested, created, linked]), actor)).toBe(MSG_REQUEST_EXISTS);
    // Everything covered on site: nothing to request.
    const covered = [opened, added(part(1, { cantidad_en_almacen_obra: 5 })), attended];
    expect(canGeneratePurchaseRequest(stateAfter(covered), actor)).toBe(MSG_NO_DRAFT_PARTS);
  });

  it('linking the generated request asks the same rule: 403 without the right, 409 otherwise', () => {
    const request = { id: 5, tipo: 'compra', estado: 'borrador' } as const;
    const link = (over: { canCreateRequest: boolean }) => ({ type: 'LinkRequest', request, actor: { id: 9, roleId: 3, ...over }, viaServiceRequest: false, fromDraftParts: true }) as const;
    const ready = [...history, attended, requested, created];
    given(ready).when(link(actor)).then([{ type: 'WorkOrderRequestLinked', data: { id: 100, request } }]);
    given(ready).when(link({ canCreateRequest: false })).thenRefused(MSG_REQUEST_RIGHT, 403);
    given(history).when(link(actor)).thenRefused(MSG_NOT_ATTENDED, 409);
    given([...ready, { type: 'WorkOrderRequestLinked', data: { id: 100, request } }]).when(link(actor)).thenRefused(MSG_REQUEST_EXISTS, 409);
  });

  it('the material-creation request is resent while SICAM has not taken it', () => {
    expect(canResendMaterials(stateAfter([...history, attended, requested]))).toBeNull();
    const sent: WorkOrderEvent = { type: 'MaterialCreationSentToSicam', data: { id: 100, id_sicam: '12' } };
    expect(canResendMaterials(stateAfter([...history, attended, requested, sent]))).toBe(MSG_MATERIALS_ALREADY_SENT);
    given([...history, attended, requested, sent]).when({ type: 'RecordMaterialsSent', idSicam: '12' }).then([]);
    given([...history, attended, requested, created]).when({ type: 'LinkCreatedMaterial', lineId: 3, idMaterial: 900, codigo: 'SIC-1', descripcion: 'Empaque 3306', idMaterialTipo: 3 }).then([]);
  });
});

describe('site issues and receipts (seed 002 §5)', () => {
  const covered = [opened, added(part(1, { cantidad_en_almacen_obra: 2 })), attended];
  const issue = (cantidad: number, vale = 'VS-1'): WorkOrderCommand => ({ type: 'IssueParts', idSalida: 40, vale, salidas: [{ line_id: 1, cantidad, index: 0 }], by: 9 });
  it('needs the voucher, an attended Pedido and at most what the site holds', () => {
    given(covered).when(issue(1, '  ')).thenRefused('Revise los campos marcados', 422, { vale_salida: 'El campo VALE SALIDA es requerido' });
    given([opened, added(part(1, { cantidad_en_almacen_obra: 2 }))]).when(issue(1)).thenRefused('El almacén de obra aún no atendió el pedido de esta orden', 409);
    given(covered).when(issue(3)).thenRefused('No hay cantidad suficiente para la salida: actualice la lista e inténtelo de nuevo', 409, { 'salidas.0.cantidad_a_salir': 'No puede ser mayor a la cantidad disponible (2)' });
    given(covered).when(issue(0)).thenRefused('Revise los campos marcados', 422, { 'salidas.0.cantidad_a_salir': 'La cantidad a salir debe ser mayor que 0' });
  });
  it('received units add to what can be issued; a line entirely issued is 11 salida de almacén', () => {
    const received: WorkOrderEvent = { type: 'WorkOrderPartsReceived', data: { id: 100, id_entrada: 3, entradas: [{ line_id: 1, cantidad: 3 }] } };
    const events = given([...covered, received]).when(issue(5)).then([{ type: 'WorkOrderPartsIssued', data: { id: 100, id_salida: 40, vale_salida: 'VS-1', salidas: [{ line_id: 1, cantidad: 5 }], by: 9 } }]);
    expect(stateAfter([...covered, received, ...events]).lines.productos_solicitados['1']).toMatchObject({ cantidad_salida: 5, estado: 11, vale_salida: 'VS-1' });
    given([...covered, received, ...events]).when(issue(1)).thenRefused('No hay cantidad suficiente para la salida: actualice la lista e inténtelo de nuevo', 409, { 'salidas.0.cantidad_a_salir': 'No puede ser mayor a la cantidad disponible (0)' });
  });
});

describe('part-line codes: the upcaster (schema version 1 → 2)', () => {
  const stored = (estado: number, type = 'WorkOrderLineAdded'): RecordedEvent => ({
    type, data: { id: 100, tabla: 'productos_solicitados', line: { id: 1, descripcion: 'Filtro', cantidad_solicitada_por_tecnico: 2, estado, vale_salida: 'V-1' }, line_id: 1 },
    id: 'e', globalPosition: 1, transactionId: '1', streamId: 'work_order-100', streamType: 'work_order', version: 2, schemaVersion: 1,
    metadata: {} as never, occurredAt: new Date(), recordedAt: new Date(),
  });
  it('an old line with estado 2 (atendido) reads as 11 salida de almacén, 1 stays borrador, with empty Pedido fields', () => {
    const issued = upcast(stored(2));
    expect(issued.schemaVersion).toBe(2);
    expect((issued.data as { line: PartLine }).line).toMatchObject({ estado: 11, cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, cantidad_stock_solicitud: 0, id_producto_solicitado: null, vale_salida: 'V-1' });
    expect((upcast(stored(1)).data as { line: PartLine }).line.estado).toBe(1);
    expect((upcast(stored(2, 'WorkOrderLineRemoved')).data as { line: PartLine }).line.estado).toBe(11);
    // A folded old stream: the issued line counts as issued.
    const old = [opened, upcast(stored(2)) as unknown as WorkOrderEvent];
    expect(stateAfter(old).lines.productos_solicitados['1'].estado).toBe(11);
  });
  it('version 2 events and other tables are left as they are', () => {
    const current = { ...stored(11), schemaVersion: 2 };
    expect(upcast(current)).toBe(current);
    const diag = { ...stored(2), data: { id: 100, tabla: 'diagnosticos', line: { id: 1, estado: 2 } } };
    expect((upcast(diag).data as { line: { estado: number } }).line.estado).toBe(2);
  });
});
