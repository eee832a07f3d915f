import { describe, expect, it } from 'vitest';
import { MSG_REQUIRED, MSG_VALIDATION, MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { deciderSpec } from '../testing/decider-spec';
import { ProductState, RequestState, requestCode } from '@shared/purchase-request-codes';
import {
  MSG_CANNOT_APPROVE, MSG_CENTRAL_EXCESS, MSG_FINALIZADO, MSG_KIND_LOCKED, MSG_NOT_ATTENDED_CENTRAL, MSG_NOT_CENTRAL, MSG_NO_PRODUCTS, MSG_NOT_ANNULLABLE, MSG_NOT_EDITABLE, MSG_NOT_PENDING_APPROVAL,
  MSG_NOT_IN_SICAM, MSG_NOT_PENDING_CENTRAL, MSG_NOT_REQUESTED, MSG_PRODUCT_NOT_ANNULLABLE, MSG_PRODUCT_NOT_FOUND, MSG_PRODUCTS_LOCKED,
  MSG_ENTRY_QUANTITY, MSG_NOT_IN_ORDER, MSG_PRODUCT_NOT_ANNULLED, MSG_REQUEST_EXISTS, MSG_REQUEST_NOT_FOUND, MSG_TYPE_LOCKED, purchaseRequestDecider,
} from './decider';
import { CommandRejected } from '../errors';
import {
  MSG_DOCUMENT_FILE_REQUIRED, MSG_OT_OTHER_SITE, MSG_OT_REQUIRED, MSG_PRODUCT_TEXT, MSG_QUANTITY_POSITIVE, MSG_SITE_LOCKED, MSG_UNIT_REQUIRED,
  refuseDocumentsWithoutFile, type RequestForm,
} from './request-form';
import type { PurchaseRequestCommand, PurchaseRequestEvent } from './types';

const given = deciderSpec(purchaseRequestDecider);
const by = 5;
const draft: PurchaseRequestCommand = { type: 'DraftServiceRequest', id: 31, idOrdenTrabajo: 12, idObra: 3, by };
const create = (over: Partial<Extract<PurchaseRequestCommand, { type: 'CreateRequest' }>> = {}): PurchaseRequestCommand => ({
  type: 'CreateRequest', id: 40, codigo: 'OB-LIM-01-SC-000001', tipo: 'compra', idObra: 3, idOrdenTrabajo: null,
  fields: { descripcion_trabajo: 'Filtros' }, productos: [{ id: 401, id_material: 7, cantidad: 2 }, { id: 402, id_material: 8, cantidad: 1 }], by, ...over,
});

/** The events of a history of commands, each decided on the state the earlier ones left. */
function history(...commands: PurchaseRequestCommand[]): PurchaseRequestEvent[] {
  const events: PurchaseRequestEvent[] = [];
  for (const command of commands) events.push(...given(events).when(command).events());
  return events;
}
const send: PurchaseRequestCommand = { type: 'SendRequest', id: 40, by };
const attend = (leftToBuy: boolean): PurchaseRequestCommand => ({ type: 'AttendByCentral', id: 40, leftToBuy, by: 9 });
const approve: PurchaseRequestCommand = { type: 'ApproveRequest', id: 40, canApprove: true, by: 11 };
const products = (events: PurchaseRequestEvent[]) => {
  const s = given(events).state;
  return s.status === 'present' ? s.productos.map((p) => p.estado) : [];
};
const estado = (events: PurchaseRequestEvent[]) => {
  const s = given(events).state;
  return s.status === 'present' ? s.estado : null;
};

describe('purchase request decider', () => {
  describe('creation', () => {
    it('a work order drafts a service request, once per request id', () => {
      const [drafted] = given([]).when(draft).then([
        { type: 'PurchaseRequestDrafted', data: { id: 31, tipo: 'servicio', id_orden_trabajo: 12, id_obra: 3, by } },
      ]);
      expect(given([drafted]).state).toMatchObject({ status: 'present', estado: RequestState.borrador, tipo: 'servicio', creadoDesdeOt: true });
      given([drafted]).when({ ...draft, idOrdenTrabajo: 13 }).thenRefused(MSG_REQUEST_EXISTS, 409);
    });

    it('a request form creates a borrador with its products in borrador; a second create is refused', () => {
      const events = given([]).when(create()).thenTypes(['PurchaseRequestCreated']);
      expect(estado(events)).toBe(RequestState.borrador);
      expect(products(events)).toEqual([ProductState.borrador, ProductState.borrador]);
      given(events).when(create()).thenRefused(MSG_REQUEST_EXISTS, 409);
    });

    it('codes: {site}-SC-, -SS-, -SD- and six digits', () => {
      expect(requestCode('OB-LIM-01', 'compra', 1)).toBe('OB-LIM-01-SC-000001');
      expect(requestCode('OB-LIM-01', 'servicio', 27)).toBe('OB-LIM-01-SS-000027');
      expect(requestCode('TC-LUR-01', 'despacho', 123456)).toBe('TC-LUR-01-SD-123456');
    });

    it('every command on a request that does not exist is a 404', () => {
      for (const command of [send, attend(true), approve, { type: 'AnnulRequest', id: 40, by } as const, { type: 'EditRequest', id: 40, fields: {}, by } as const]) {
        given([]).when(command).thenRefused(MSG_REQUEST_NOT_FOUND, 404);
      }
    });
  });

  describe('the form (seed 002 L143)', () => {
    const form = (over: Partial<RequestForm> = {}): PurchaseRequestCommand => ({
      type: 'CheckRequestForm',
      form: {
        tipo: 'compra', idObra: 3, missingWorkOrder: false, references: {},
        fields: { id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-10', descripcion_trabajo: 'Filtros' },
        productos: [{ id_unidad: 1, id_material: 7, descripcion: null, cantidad: 2 }],
        ...over,
      },
    });
    it('a complete form passes and decides nothing', () => {
      given([]).when(form()).then([]);
      given(history(create())).when(form()).then([]);
      given([]).when(form({ ordenTrabajo: { found: true, idObra: 3 } })).then([]);
      given([]).when(form({ tipo: 'servicio', productos: [{ id_unidad: 1, id_material: null, descripcion: 'Izaje', cantidad: 0 }] })).then([]);
    });

    it('a new request names its kind first', () => {
      given([]).when(form({ tipo: null, idObra: null })).thenRefused(MSG_VALIDATION, 422, { tipo: MSG_REQUIRED });
    });

    it('the site never changes once saved', () => {
      given(history(create())).when(form({ idObra: 4 })).thenRefused(MSG_VALIDATION, 422, { id_obra: MSG_SITE_LOCKED });
      given(history(draft)).when(form({ idObra: 4 })).thenRefused(MSG_VALIDATION, 422, { id_obra: MSG_SITE_LOCKED });
      given(history({ ...draft, idObra: null })).when(form({ idObra: 4 })).then([]);
    });

    it('every missing field at once, the rows by index, the references with them', () => {
      const refused = given([]).when(form({
        idObra: null, fields: { id_solicitudes_tipo: 1, id_centro_costo_tipo: 2, id_solicitudes_movilizacion_terceros_tipocc: 2 },
        productos: [{ id_unidad: null, id_material: null, descripcion: '', cantidad: 0 }], missingWorkOrder: true,
        references: { id_solicitudes_tipo: 'Seleccione un tipo de solicitud válido', 'productos_solicitados.0.id_material': 'El material no existe' },
      })).thenRefused(MSG_VALIDATION, 422);
      expect(refused.errors).toEqual({
        id_obra: MSG_REQUIRED, fecha_requerimiento: MSG_REQUIRED, descripcion_trabajo: MSG_REQUIRED,
        id_centro_costo_indirecto: MSG_REQUIRED, id_centro_costo_indirecto_elemento: MSG_REQUIRED,
        id_solicitudes_clasificacion: MSG_REQUIRED, id_solicitudes_movilizacion_recursos: MSG_REQUIRED,
        'productos_solicitados.0.id_unidad': MSG_UNIT_REQUIRED, 'productos_solicitados.0.descripcion': MSG_PRODUCT_TEXT,
        'productos_solicitados.0.cantidad_solicitada_por_almacen_obra': MSG_QUANTITY_POSITIVE, id_orden_trabajo: MSG_OT_REQUIRED,
        id_solicitudes_tipo: 'Seleccione un tipo de solicitud válido', 'productos_solicitados.0.id_material': 'El material no existe',
      });
      given([]).when(form({ fields: { id_solicitudes_tipo: 1, id_centro_costo_tipo: 1, fecha_requerimiento: '2026-12-10', descripcion_trabajo: 'x' } }))
        .thenRefused(MSG_VALIDATION, 422, { id_equipo: MSG_REQUIRED, id_solicitudes_movilizacion_recursos: MSG_REQUIRED });
    });

    it('each new document carries its file, every row without one at once', () => {
      expect(() => refuseDocumentsWithoutFile([{ id: 0, withFile: true }, { id: 7, withFile: false }])).not.toThrow();
      let refused: unknown;
      try {
        refuseDocumentsWithoutFile([{ id: 0, withFile: false }, { id: 7, withFile: false }, { id: 0, withFile: false }]);
      } catch (e) {
        refused = e;
      }
      expect(refused).toBeInstanceOf(CommandRejected);
      expect(refused).toMatchObject({ message: MSG_DOCUMENT_FILE_REQUIRED, status: 422, errors: { 'documentos.0.pic': MSG_DOCUMENT_FILE_REQUIRED, 'documentos.2.pic': MSG_DOCUMENT_FILE_REQUIRED } });
      expect(Object.keys((refused as CommandRejected).errors)).toEqual(['documentos.0.pic', 'documentos.2.pic']);
    });

    it('the work order must be found among the caller\'s and on the request\'s site', () => {
      given([]).when(form({ ordenTrabajo: { found: false, idObra: null } })).thenRefused(MSG_VALIDATION, 422, { id_orden_trabajo: MSG_WORK_ORDER_NOT_FOUND });
      given([]).when(form({ ordenTrabajo: { found: true, idObra: 4 } })).thenRefused(MSG_VALIDATION, 422, { id_orden_trabajo: MSG_OT_OTHER_SITE });
    });
  });

  describe('editing', () => {
    it('the saved products a form sends back must be the request\'s', () => {
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: {}, productosConservados: [401, 402], by }).then([]);
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: {}, productosConservados: [401, 999], by })
        .thenRefused(MSG_VALIDATION, 422, { productos_solicitados: MSG_PRODUCT_NOT_FOUND });
    });

    it('a borrador is edited; nothing changed decides nothing', () => {
      const created = history(create());
      given(created).when({ type: 'EditRequest', id: 40, fields: { descripcion_trabajo: 'Filtros y aceite' }, productosAgregados: [{ id: 403, id_material: 9, cantidad: 4 }], productosQuitados: [402], by })
        .thenTypes(['PurchaseRequestEdited']);
      given(created).when({ type: 'EditRequest', id: 40, fields: {}, by }).then([]);
      const edited = history(create(), { type: 'EditRequest', id: 40, fields: {}, productosAgregados: [{ id: 403, id_material: 9, cantidad: 4 }], productosQuitados: [402], by });
      const s = given(edited).state;
      expect(s.status === 'present' && s.productos.map((p) => p.id)).toEqual([401, 403]);
    });

    it('the kind never changes once saved', () => {
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: { tipo: 'servicio' }, by }).thenRefused(MSG_VALIDATION, 422, { tipo: MSG_KIND_LOCKED });
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: { tipo: 'compra' }, by }).thenTypes(['PurchaseRequestEdited']);
    });

    it('a compra created from a work order keeps its products; its other fields stay editable', () => {
      const fromOt = history(create({ creadoDesdeOt: true, idOrdenTrabajo: 12 }));
      given(fromOt).when({ type: 'EditRequest', id: 40, fields: {}, productosQuitados: [401], by }).thenRefused(MSG_PRODUCTS_LOCKED, 409);
      given(fromOt).when({ type: 'EditRequest', id: 40, fields: { descripcion_trabajo: 'Otro' }, by }).thenTypes(['PurchaseRequestEdited']);
    });

    it('a kept line changes its quantity or unit; a line of another request is a 404', () => {
      const edited = { id: 401, id_material: 7, cantidad: 5, id_unidad: 2 };
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: {}, productosEditados: [edited], by }).then([
        { type: 'PurchaseRequestEdited', data: { id: 40, fields: {}, productos_agregados: [], productos_quitados: [], productos_editados: [edited], by } },
      ]);
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: {}, productosEditados: [{ ...edited, id: 999 }], by }).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
      given(history(create({ idOrdenTrabajo: 12, creadoDesdeOt: true }))).when({ type: 'EditRequest', id: 40, fields: {}, productosEditados: [edited], by }).thenRefused(MSG_PRODUCTS_LOCKED, 409);
    });

    it('removing a product of another request is a 404', () => {
      given(history(create())).when({ type: 'EditRequest', id: 40, fields: {}, productosQuitados: [999], by }).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
    });

    it('once sent, nothing is edited', () => {
      given(history(create(), send)).when({ type: 'EditRequest', id: 40, fields: { descripcion_trabajo: 'x' }, by }).thenRefused(MSG_NOT_EDITABLE, 409);
    });
  });

  describe('sending (terminado=1)', () => {
    it('a compra or a despacho goes to the central warehouse: 1 → 3, products 3', () => {
      for (const tipo of ['compra', 'despacho'] as const) {
        const events = history(create({ tipo }), send);
        expect(events.at(-1)).toEqual({ type: 'PurchaseRequestSent', data: { id: 40, id_orden_trabajo: null, estado: 3, estado_productos: 3, by } });
        expect(products(events)).toEqual([ProductState.pendienteAtencionAlmacen, ProductState.pendienteAtencionAlmacen]);
      }
    });

    it('a servicio goes to approval: 1 → 4', () => {
      const events = history(draft, { type: 'SendRequest', id: 31, by });
      expect(estado(events)).toBe(RequestState.pendienteAprobacion);
    });

    it('a compra or despacho without products is refused with a field error; sent twice is refused', () => {
      given(history(create({ productos: [] }))).when(send).thenRefused(MSG_VALIDATION, 422, { productos_solicitados: MSG_NO_PRODUCTS });
      given(history(create(), send)).when(send).thenRefused(MSG_NOT_EDITABLE, 409);
    });
  });

  describe('the central warehouse', () => {
    it('Atendido: a compra with something left to buy goes to approval (3 → 4)', () => {
      const events = history(create(), send, attend(true));
      expect(estado(events)).toBe(RequestState.pendienteAprobacion);
      expect(products(events)).toEqual([ProductState.pendienteAprobacion, ProductState.pendienteAprobacion]);
    });

    it('Atendido: a compra covered by central stock, or any despacho, is solicitado at once (3 → 5), products en almacén central', () => {
      expect(estado(history(create(), send, attend(false)))).toBe(RequestState.solicitado);
      const despacho = history(create({ tipo: 'despacho' }), send, attend(true));
      expect(estado(despacho)).toBe(RequestState.solicitado);
      expect(products(despacho)).toEqual([ProductState.enAlmacenCentral, ProductState.enAlmacenCentral]);
    });

    it('attends once, and only a request waiting for it', () => {
      given(history(create(), send, attend(true))).when(attend(true)).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
      given(history(create())).when(attend(true)).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
    });

    it('Observar needs a reason: 3 → 8, products 14; the requester edits and sends again (8 → 3)', () => {
      const sent = history(create(), send);
      given(sent).when({ type: 'ObserveRequest', id: 40, motivo: '  ', by: 9 }).thenRefused(MSG_VALIDATION, 422, { motivo_observado: MSG_REQUIRED });
      const observed = history(create(), send, { type: 'ObserveRequest', id: 40, motivo: ' Falta el código del filtro ', by: 9 });
      expect(observed.at(-1)).toMatchObject({ data: { motivo_observado: 'Falta el código del filtro', estado: 8, estado_productos: 14 } });
      given(observed).when(attend(true)).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
      const corrected = history(create(), send, { type: 'ObserveRequest', id: 40, motivo: 'Falta', by: 9 }, { type: 'EditRequest', id: 40, fields: { descripcion_trabajo: 'Filtro 1R-0750' }, by }, send);
      expect(estado(corrected)).toBe(RequestState.pendienteAtencionAlmacenCentral);
      expect(products(corrected)).toEqual([ProductState.pendienteAtencionAlmacen, ProductState.pendienteAtencionAlmacen]);
    });

    it('the Pedido records its quantities while waiting for the central warehouse, only for its own products', () => {
      const line = { id: 401, cantidad_en_almacen_central: 2, cantidad_solicitada_por_almacen_central: 0, en_almacen_central: 1 as const, observacion_almacen_central: '' };
      given(history(create(), send)).when({ type: 'SaveCentralQuantities', id: 40, productos: [line], by: 9 }).then([
        { type: 'PurchaseRequestCentralQuantitiesSaved', data: { id: 40, productos: [line], by: 9 } },
      ]);
      given(history(create(), send)).when({ type: 'SaveCentralQuantities', id: 40, productos: [{ ...line, id: 999 }], by: 9 }).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
      given(history(create())).when({ type: 'SaveCentralQuantities', id: 40, productos: [line], by: 9 }).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
      given(history(create(), send, attend(true))).when({ type: 'SaveCentralQuantities', id: 40, productos: [line], by: 9 }).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
    });

    it('the Pedido form: central stock at most what the site asked for, the rest computed; Atendido settles unrecorded lines', () => {
      const productos = [
        { id: 401, cantidad_solicitada_por_almacen_obra: 2, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 0 },
        { id: 402, cantidad_solicitada_por_almacen_obra: 1, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 0 },
      ];
      const order = (over: Partial<Extract<PurchaseRequestCommand, { type: 'SaveCentralOrder' }>> = {}): PurchaseRequestCommand => ({
        type: 'SaveCentralOrder', id: 40, lineas: [{ id: 401, cantidad_en_almacen_central: 2, observacion_almacen_central: 'ok' }], productos, terminado: false, by: 9, ...over,
      });
      const covered = { id: 401, cantidad_en_almacen_central: 2, cantidad_solicitada_por_almacen_central: 0, en_almacen_central: 1 as const, observacion_almacen_central: 'ok' };
      given(history(create(), send)).when(order()).then([{ type: 'PurchaseRequestCentralQuantitiesSaved', data: { id: 40, productos: [covered], by: 9 } }]);
      given(history(create(), send)).when(order({ lineas: [] })).then([]);
      const attended = given(history(create(), send)).when(order({ terminado: true })).thenTypes(['PurchaseRequestCentralQuantitiesSaved', 'PurchaseRequestAttendedByCentral']);
      expect(attended[0]).toMatchObject({ data: { productos: [covered, { id: 402, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 1, en_almacen_central: 0 }] } });
      expect(attended[1]).toMatchObject({ data: { estado: RequestState.pendienteAprobacion, en_almacen_central: [401] } });
      given(history(create(), send)).when(order({ lineas: [{ id: 401, cantidad_en_almacen_central: 3 }, { id: 999, cantidad_en_almacen_central: 0 }] }))
        .thenRefused(MSG_VALIDATION, 422, { 'productos_solicitados.0.cantidad_en_almacen_central': MSG_CENTRAL_EXCESS, 'productos_solicitados.1.id': MSG_PRODUCT_NOT_FOUND });
      given(history(create(), send, attend(true))).when(order()).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
      given(history(create({ tipo: 'servicio' }), send)).when(order()).thenRefused(MSG_NOT_CENTRAL, 409);
    });

    it('Actualizar Estados once the central warehouse attended, until finalizado', () => {
      const refresh: PurchaseRequestCommand = { type: 'RefreshStates', id: 40 };
      given(history(create(), send, attend(true))).when(refresh).then([]);
      given(history(create(), send)).when(refresh).thenRefused(MSG_NOT_ATTENDED_CENTRAL, 409);
      const finalizado: PurchaseRequestEvent = { type: 'PurchaseRequestFinalized', data: { id: 40, id_orden_trabajo: null, estado: RequestState.finalizado } };
      given([...history(create(), send, attend(true)), finalizado]).when(refresh).thenRefused(MSG_FINALIZADO, 409);
    });

    it('an attended request cannot be observed', () => {
      given(history(create(), send, attend(true))).when({ type: 'ObserveRequest', id: 40, motivo: 'Tarde', by: 9 }).thenRefused(MSG_NOT_PENDING_CENTRAL, 409);
    });
  });

  describe('approval', () => {
    const pending = () => history(create(), send, attend(true));

    it('aprobar: 4 → 5, products solicitado', () => {
      const events = [...pending(), ...given(pending()).when(approve).then([{ type: 'PurchaseRequestApproved', data: { id: 40, id_orden_trabajo: null, estado: 5, estado_productos: 5, productos: [401, 402], by: 11 } }])];
      expect(products(events)).toEqual([ProductState.solicitado, ProductState.solicitado]);
    });

    it('rechazar needs a reason: 4 → 6', () => {
      given(pending()).when({ type: 'RejectRequest', id: 40, motivo: '', canApprove: true, by: 11 }).thenRefused(MSG_VALIDATION, 422, { motivo_rechazo: MSG_REQUIRED });
      const rejected = history(create(), send, attend(true), { type: 'RejectRequest', id: 40, motivo: 'Sin presupuesto', canApprove: true, by: 11 });
      expect(estado(rejected)).toBe(RequestState.rechazado);
      expect(products(rejected)).toEqual([ProductState.rechazado, ProductState.rechazado]);
    });

    it('only a user with can_approve_requests approves or rejects (403), and only a request pending approval (409)', () => {
      given(pending()).when({ ...approve, canApprove: false }).thenRefused(MSG_CANNOT_APPROVE, 403);
      given(pending()).when({ type: 'RejectRequest', id: 40, motivo: 'x', canApprove: false, by: 11 }).thenRefused(MSG_CANNOT_APPROVE, 403);
      given(history(create(), send)).when(approve).thenRefused(MSG_NOT_PENDING_APPROVAL, 409);
      given(history(create(), send, attend(true), approve)).when(approve).thenRefused(MSG_NOT_PENDING_APPROVAL, 409);
    });
  });

  describe('SICAM outcomes and annulment', () => {
    const solicitado = () => history(create(), send, attend(true), approve);

    it('a push recorded as sent is recorded once; a failure after the success records nothing', () => {
      const sent = [...solicitado(), ...given(solicitado()).when({ type: 'RecordSicamSent', id: 40, idSicam: 'S-1' }).thenTypes(['PurchaseRequestSentToSicam'])];
      given(sent).when({ type: 'RecordSicamSent', id: 40, idSicam: 'S-1' }).then([]);
      given(sent).when({ type: 'RecordSicamFailed', id: 40, reason: 'timeout', attempts: 5 }).then([]);
      given(solicitado()).when({ type: 'RecordSicamFailed', id: 40, reason: 'SICAM respondió 500', attempts: 5 }).then([
        { type: 'PurchaseRequestSicamFailed', data: { id: 40, reason: 'SICAM respondió 500', attempts: 5 } },
      ]);
      given(history(create(), send)).when({ type: 'RecordSicamSent', id: 40, idSicam: 'S-1' }).thenRefused(MSG_NOT_REQUESTED, 409);
    });

    it('anular: a solicitado request not yet in SICAM is cancelled (5 → 2); once in SICAM, or before, it is refused', () => {
      const annulled = history(create(), send, attend(true), approve, { type: 'AnnulRequest', id: 40, by });
      expect(estado(annulled)).toBe(RequestState.cancelado);
      expect(products(annulled)).toEqual([ProductState.cancelado, ProductState.cancelado]);
      const inSicam = history(create(), send, attend(true), approve, { type: 'RecordSicamSent', id: 40, idSicam: 'S-1' });
      given(inSicam).when({ type: 'AnnulRequest', id: 40, by }).thenRefused(MSG_NOT_ANNULLABLE, 409);
      given(history(create(), send)).when({ type: 'AnnulRequest', id: 40, by }).thenRefused(MSG_NOT_ANNULLABLE, 409);
    });

    it('anular un producto: before an order it is cancelled (2) and keeps that state as the request moves on', () => {
      const events = history(create(), { type: 'AnnulProduct', id: 40, idProducto: 402, by }, send);
      expect(products(events)).toEqual([ProductState.pendienteAtencionAlmacen, ProductState.cancelado]);
      given(events).when({ type: 'AnnulProduct', id: 40, idProducto: 402, by }).thenRefused(MSG_PRODUCT_NOT_ANNULLABLE, 409);
      given(events).when({ type: 'AnnulProduct', id: 40, idProducto: 999, by }).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
    });

    it('anular un producto in a purchase order annuls it in the order (13)', () => {
      const inOrder: PurchaseRequestEvent[] = [
        ...history(create(), send, attend(true), approve),
      ];
      // The order's progress arrives from SICAM with the status pull (issue 15); here its result.
      const s = given(inOrder).state;
      if (s.status !== 'present') throw new Error('absent');
      const withOrder = { ...s, productos: s.productos.map((p) => ({ ...p, estado: ProductState.enOC })) };
      expect(purchaseRequestDecider.decide({ type: 'AnnulProduct', id: 40, idProducto: 401, by }, withOrder)).toEqual([
        { type: 'RequestedProductAnnulled', data: { id: 40, id_producto: 401, estado: ProductState.enOCAnulado, by } },
      ]);
    });
  });

  describe("telling SICAM of a product's annulment (issue 28)", () => {
    const recordSent: PurchaseRequestCommand = { type: 'RecordSicamSent', id: 40, idSicam: '17' };
    const annulled = () => history(create(), send, attend(true), approve, recordSent, { type: 'AnnulProduct', id: 40, idProducto: 401, by });

    it('records SICAM annulled it, or its failure, for an annulled product of a request in SICAM', () => {
      given(annulled()).when({ type: 'RecordProductAnnulledInSicam', id: 40, idProducto: 401 }).then([
        { type: 'RequestedProductAnnulledInSicam', data: { id: 40, id_producto: 401, id_sicam: '17' } },
      ]);
      given(annulled()).when({ type: 'RecordProductSicamAnnulFailed', id: 40, idProducto: 401, reason: 'SICAM no disponible', attempts: 9 }).then([
        { type: 'RequestedProductSicamAnnulFailed', data: { id: 40, id_producto: 401, reason: 'SICAM no disponible', attempts: 9 } },
      ]);
      expect(products(annulled())).toEqual([ProductState.cancelado, ProductState.solicitado]);
    });

    it('refuses a product not annulled, unknown, or a request SICAM does not know', () => {
      given(annulled()).when({ type: 'RecordProductAnnulledInSicam', id: 40, idProducto: 402 }).thenRefused(MSG_PRODUCT_NOT_ANNULLED, 409);
      given(annulled()).when({ type: 'RecordProductAnnulledInSicam', id: 40, idProducto: 999 }).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
      const notSent = history(create(), send, attend(true), approve, { type: 'AnnulProduct', id: 40, idProducto: 401, by });
      given(notSent).when({ type: 'RecordProductAnnulledInSicam', id: 40, idProducto: 401 }).thenRefused(MSG_NOT_IN_SICAM, 409);
    });
  });

  describe('the purchase order in SICAM (status pull)', () => {
    const recordSent: PurchaseRequestCommand = { type: 'RecordSicamSent', id: 40, idSicam: '17' };
    const inSicam = (...more: PurchaseRequestCommand[]) => history(create(), send, attend(true), approve, recordSent, ...more);
    type Seen = Extract<PurchaseRequestCommand, { type: 'RecordSicamStatus' }>['status'];
    const line = (id: number, over: Partial<Seen['productos'][number]> = {}) => ({ id_producto_solicitado: id, precio: null, moneda: null, anulado: false, ...over });
    const status = (over: Partial<Seen> = {}): PurchaseRequestCommand => ({
      type: 'RecordSicamStatus', id: 40, status: { estado: 'recibida', numero_orden: null, productos: [line(401), line(402)], ...over },
    });
    const sentForApproval = status({ estado: 'enviada_aprobacion', numero_orden: 'OC-4500017' });
    const approved = (precio401 = 12.5, moneda401 = 'PEN') => status({
      estado: 'aprobada', numero_orden: 'OC-4500017', productos: [line(401, { precio: precio401, moneda: moneda401 }), line(402, { precio: 3, moneda: 'USD' })],
    });
    const annulled = status({ estado: 'anulada', numero_orden: 'OC-4500017' });
    const prices = (events: PurchaseRequestEvent[]) => {
      const s = given(events).state;
      return s.status === 'present' ? s.productos.map((p) => [p.precio ?? null, p.moneda ?? null]) : [];
    };

    it('a request not in SICAM has no order to follow (409); received by SICAM, nothing changes', () => {
      given(history(create(), send, attend(true), approve)).when(sentForApproval).thenRefused(MSG_NOT_IN_SICAM, 409);
      given(inSicam()).when(status()).then([]);
    });

    it('sent for approval: products 5 → 12 with the order number, once', () => {
      const events = [...inSicam(), ...given(inSicam()).when(sentForApproval).then([{
        type: 'PurchaseOrderSentForApproval',
        data: { id: 40, id_sicam: '17', numero_orden: 'OC-4500017', estado_productos: ProductState.pendienteAprobacionOC, productos: [401, 402] },
      }])];
      expect(products(events)).toEqual([ProductState.pendienteAprobacionOC, ProductState.pendienteAprobacionOC]);
      expect(estado(events)).toBe(RequestState.solicitado);
      given(events).when(sentForApproval).then([]);
      given(events).when(status()).then([]);
    });

    it('approved: products → 7 with each price and currency; the same status again writes nothing; a changed price is recorded', () => {
      const events = inSicam(sentForApproval, approved());
      expect(events.at(-1)).toEqual({
        type: 'PurchaseOrderApproved',
        data: {
          id: 40, id_sicam: '17', numero_orden: 'OC-4500017', estado_productos: ProductState.enOC,
          productos: [{ id_producto: 401, precio: 12.5, moneda: 'PEN' }, { id_producto: 402, precio: 3, moneda: 'USD' }],
        },
      });
      expect(products(events)).toEqual([ProductState.enOC, ProductState.enOC]);
      expect(prices(events)).toEqual([[12.5, 'PEN'], [3, 'USD']]);
      given(events).when(approved()).then([]);
      given(events).when(sentForApproval).then([]);
      const repriced = given(events).when(approved(13, 'USD')).thenTypes(['PurchaseOrderApproved']);
      expect(prices([...events, ...repriced])).toEqual([[13, 'USD'], [3, 'USD']]);
    });

    it('an approval seen without the step before it is recorded alone (5 → 7)', () => {
      given(inSicam()).when(approved()).thenTypes(['PurchaseOrderApproved']);
      expect(products(inSicam(approved()))).toEqual([ProductState.enOC, ProductState.enOC]);
    });

    it('annulled: products in the order → 13, once; an annulled order stays annulled', () => {
      const events = [...inSicam(sentForApproval), ...given(inSicam(sentForApproval)).when(annulled).thenTypes(['PurchaseOrderAnnulled'])];
      expect(products(events)).toEqual([ProductState.enOCAnulado, ProductState.enOCAnulado]);
      given(events).when(annulled).then([]);
      given(events).when(approved()).then([]);
    });

    it('a product cancelled before the order keeps its state (2); one annulled in the order (13) leaves the price list', () => {
      const cancelled = history(create(), { type: 'AnnulProduct', id: 40, idProducto: 402, by }, send, attend(true), approve, recordSent, sentForApproval);
      expect(cancelled.at(-1)).toMatchObject({ data: { productos: [401] } });
      expect(products(cancelled)).toEqual([ProductState.pendienteAprobacionOC, ProductState.cancelado]);
      expect(products([...cancelled, ...given(cancelled).when(annulled).events()])).toEqual([ProductState.enOCAnulado, ProductState.cancelado]);

      const inOrder = inSicam(sentForApproval, { type: 'AnnulProduct', id: 40, idProducto: 402, by });
      expect(products(inOrder)).toEqual([ProductState.pendienteAprobacionOC, ProductState.enOCAnulado]);
      expect(given(inOrder).when(approved()).events()).toMatchObject([{ data: { productos: [{ id_producto: 401, precio: 12.5, moneda: 'PEN' }] } }]);
    });

    it('a product SICAM annulled on its own side keeps its state in Faena', () => {
      const seen = status({ estado: 'aprobada', numero_orden: 'OC-4500017', productos: [line(401, { precio: 12.5, moneda: 'PEN' }), line(402, { anulado: true })] });
      const events = inSicam(seen);
      expect(products(events)).toEqual([ProductState.enOC, ProductState.solicitado]);
      given(events).when(seen).then([]);
    });
  });

  describe('central entries (issue 17)', () => {
    const inOrder = () => history(create(), send, { type: 'SaveCentralQuantities', id: 40, by: 9, productos: [
      { id: 401, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 2, en_almacen_central: 0, observacion_almacen_central: '' },
      { id: 402, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 1, en_almacen_central: 0, observacion_almacen_central: '' },
    ] }, attend(true), approve, { type: 'RecordSicamSent', id: 40, idSicam: '17' }, {
      type: 'RecordSicamStatus', id: 40, status: { estado: 'aprobada', numero_orden: 'OC-1', productos: [401, 402].map((id) => ({ id_producto_solicitado: id, precio: 1, moneda: 'PEN', anulado: false })) },
    });
    const enter = (...entradas: [number, number][]): PurchaseRequestCommand => ({ type: 'EnterInCentral', id: 40, idArchivo: 3, numeroOrden: 'OC-1', entradas: entradas.map(([idProducto, cantidad]) => ({ idProducto, cantidad })), by: 9 });

    it('a product reaches 8 when its quantity to buy arrived; a partial entry keeps it in 7 with the running total', () => {
      const events = inOrder();
      expect(products(events)).toEqual([ProductState.enOC, ProductState.enOC]);
      const [partial] = given(events).when(enter([401, 1], [402, 1])).then([{ type: 'RequestedProductsEnteredCentral', data: { id: 40, id_archivo: 3, numero_orden: 'OC-1', by: 9, productos: [
        { id_producto: 401, cantidad: 1, cantidad_entrada: 1, estado: ProductState.enOC },
        { id_producto: 402, cantidad: 1, cantidad_entrada: 1, estado: ProductState.enAlmacenCentral },
      ] } }]);
      expect(products([...events, partial])).toEqual([ProductState.enOC, ProductState.enAlmacenCentral]);
      const [rest] = given([...events, partial]).when(enter([401, 1])).events();
      expect(rest.data).toMatchObject({ productos: [{ id_producto: 401, cantidad: 1, cantidad_entrada: 2, estado: ProductState.enAlmacenCentral }] });
    });

    it('only products in 7 En OC receive entries, with a quantity above 0', () => {
      given(history(create(), send)).when(enter([401, 1])).thenRefused(MSG_NOT_IN_ORDER, 409);
      given(inOrder()).when(enter([401, 0])).thenRefused(MSG_ENTRY_QUANTITY, 422);
      given(inOrder()).when(enter([999, 1])).thenRefused(MSG_PRODUCT_NOT_FOUND, 404);
    });
  });
});

describe('stock requests lend to work orders; site receipts (issue 16)', () => {
  const reserve = (cantidad: number): PurchaseRequestCommand => ({ type: 'ReserveStock', id: 40, idProducto: 401, cantidad, idOrdenTrabajo: 12, lineId: 7, by: 9 });
  it('a sent stock request lends what its product brings, once: 2 of 2, then nothing', () => {
    given(history(create())).when(reserve(1)).thenRefused('El producto elegido ya no tiene stock disponible', 409);
    const sent = history(create(), send);
    const took = given(sent).when(reserve(2)).then([{ type: 'RequestedProductStockReserved', data: { id: 40, id_producto: 401, cantidad: 2, id_orden_trabajo: 12, line_id: 7, by: 9 } }]);
    given([...sent, ...took]).when(reserve(1)).thenRefused('El producto elegido ya no tiene stock disponible', 409);
    // A request raised from a work order keeps its products for that order.
    given(history(create({ idOrdenTrabajo: 12, creadoDesdeOt: true }), send)).when(reserve(1)).thenRefused('El producto elegido ya no tiene stock disponible', 409);
  });
  it('the site receives at most what was sent and is pending', () => {
    given(history(create(), send)).when({ type: 'ReceiveAtSite', id: 40, idEntrada: 1, entradas: [{ id_producto: 401, cantidad: 1, index: 0 }], by: 9 })
      .thenRefused('Revise los campos marcados', 422, { 'entradas.0.cantidad_entrante': 'No puede ser mayor a lo enviado pendiente de recibir (0)' });
  });
});

describe('issued products and the request finishing (issue 17)', () => {
  const issued = (completos: number[]): PurchaseRequestCommand => ({ type: 'RecordProductsIssued', id: 40, idSalida: 3, productos: completos.map((id) => ({ id_producto: id, cantidad: 1 })), completos, by: 9 });
  const finalize: PurchaseRequestCommand = { type: 'FinalizeRequest', id: 40 };
  it('finishes once every product is issued (or cancelled), not before, and once', () => {
    const one = history(create(), send, issued([401]));
    expect(products(one)).toEqual([11, 3]);
    given(one).when(finalize).then([]);
    const both = history(create(), send, issued([401]), issued([402]));
    const done = given(both).when(finalize).then([{ type: 'PurchaseRequestFinalized', data: { id: 40, id_orden_trabajo: null, estado: 7 } }]);
    expect(estado([...both, ...done])).toBe(7);
    given([...both, ...done]).when(finalize).then([]);
    const annulled = history(create(), send, issued([401]), { type: 'AnnulProduct', id: 40, idProducto: 402, by });
    given(annulled).when(finalize).thenTypes(['PurchaseRequestFinalized']);
  });
});

describe('central transfers to the site (issue 17)', () => {
  const sendToSite = (salidas: { id_producto: number; cantidad: number }[], numeroGuia = 'G-1'): PurchaseRequestCommand => ({
    type: 'SendToSite', id: 40, idTraslado: 5, numeroGuia, salidas: salidas.map((s, index) => ({ ...s, numero_orden: 'OC-1', codigo: 'M-7', index })), by: 9,
  });
  it('each product leaves at most what its site still needs; entirely sent → 9, then it can be received', () => {
    const sent = history(create(), send);
    given(sent).when(sendToSite([{ id_producto: 401, cantidad: 3 }]))
      .thenRefused(MSG_VALIDATION, 422, { 'salidas.0.cantidad_a_salir': 'No puede ser mayor a lo que la obra aún necesita (2)' });
    given(sent).when(sendToSite([{ id_producto: 401, cantidad: 1 }, { id_producto: 401, cantidad: 2 }]))
      .thenRefused(MSG_VALIDATION, 422, { 'salidas.1.cantidad_a_salir': 'No puede ser mayor a lo que la obra aún necesita (1)' });
    given(sent).when(sendToSite([{ id_producto: 401, cantidad: 1 }], ' ')).thenRefused(MSG_VALIDATION, 422, { numero_guia: 'El campo N° de guía es requerido' });
    const one = history(create(), send, sendToSite([{ id_producto: 401, cantidad: 1 }, { id_producto: 401, cantidad: 1 }]));
    expect(one.at(-1)).toEqual({ type: 'RequestedProductsSentToSite', data: { id: 40, id_traslado: 5, numero_guia: 'G-1', salidas: [{ id_producto: 401, cantidad: 2, numero_orden: 'OC-1', codigo: 'M-7' }], completos: [401], by: 9 } });
    expect(products(one)).toEqual([9, 3]);
    given(one).when(sendToSite([{ id_producto: 401, cantidad: 1 }])).thenRefused(MSG_VALIDATION, 422, { 'salidas.0.cantidad_a_salir': 'No puede ser mayor a lo que la obra aún necesita (0)' });
    const received = history(create(), send, sendToSite([{ id_producto: 401, cantidad: 2 }]), { type: 'ReceiveAtSite', id: 40, idEntrada: 1, entradas: [{ id_producto: 401, cantidad: 2, index: 0 }], by: 9 });
    expect(products(received)).toEqual([10, 3]);
  });
});

describe('a product served entirely from central stock (issue 28)', () => {
  // 401: 2 asked, 2 in central stock, nothing to buy; 402: 1 asked, all to buy.
  const central: PurchaseRequestCommand = { type: 'SaveCentralQuantities', id: 40, by: 9, productos: [
    { id: 401, cantidad_en_almacen_central: 2, cantidad_solicitada_por_almacen_central: 0, en_almacen_central: 1, observacion_almacen_central: '' },
    { id: 402, cantidad_en_almacen_central: 0, cantidad_solicitada_por_almacen_central: 1, en_almacen_central: 0, observacion_almacen_central: '' },
  ] };
  const inSicam = { type: 'RecordSicamSent', id: 40, idSicam: '17' } as const;
  const seen = (estado: 'enviada_aprobacion' | 'aprobada'): PurchaseRequestCommand => ({
    type: 'RecordSicamStatus', id: 40, status: { estado, numero_orden: 'OC-9', productos: [402].map((id) => ({ id_producto_solicitado: id, precio: 4, moneda: 'PEN', anulado: false })) },
  });

  it('goes to 8 en almacén central when the central warehouse attends, while the rest goes to approval', () => {
    given(history(create(), send, central)).when(attend(true)).then([{
      type: 'PurchaseRequestAttendedByCentral',
      data: { id: 40, id_orden_trabajo: null, estado: RequestState.pendienteAprobacion, estado_productos: ProductState.pendienteAprobacion, en_almacen_central: [401], by: 9 },
    }]);
    expect(products(history(create(), send, central, attend(true)))).toEqual([ProductState.enAlmacenCentral, ProductState.pendienteAprobacion]);
  });

  it('stays 8 through the approval and the purchase order: the approval and the order name only what is bought', () => {
    const attended = history(create(), send, central, attend(true));
    const [approved] = given(attended).when(approve).events();
    expect(approved).toMatchObject({ type: 'PurchaseRequestApproved', data: { estado_productos: ProductState.solicitado, productos: [402] } });
    const pushed = history(create(), send, central, attend(true), approve, inSicam);
    expect(products(pushed)).toEqual([ProductState.enAlmacenCentral, ProductState.solicitado]);
    const [forApproval] = given(pushed).when(seen('enviada_aprobacion')).events();
    expect(forApproval).toMatchObject({ type: 'PurchaseOrderSentForApproval', data: { productos: [402] } });
    const [ordered] = given(pushed).when(seen('aprobada')).events();
    expect(ordered).toMatchObject({ type: 'PurchaseOrderApproved', data: { numero_orden: 'OC-9', productos: [{ id_producto: 402, precio: 4, moneda: 'PEN' }] } });
    expect(products(history(create(), send, central, attend(true), approve, inSicam, seen('enviada_aprobacion'), seen('aprobada'))))
      .toEqual([ProductState.enAlmacenCentral, ProductState.enOC]);
  });

  it('can be sent to the site at once, before the approval, and the approval leaves it at the site', () => {
    const toSite: PurchaseRequestCommand = { type: 'SendToSite', id: 40, idTraslado: 5, numeroGuia: 'G-1', salidas: [{ id_producto: 401, cantidad: 2, numero_orden: '', codigo: 'M-7', index: 0 }], by: 9 };
    const sent = history(create(), send, central, attend(true), toSite);
    expect(products(sent)).toEqual([ProductState.enAlmacenObra, ProductState.pendienteAprobacion]);
    expect(products(history(create(), send, central, attend(true), toSite, approve))).toEqual([ProductState.enAlmacenObra, ProductState.solicitado]);
    expect(products(history(create(), send, central, attend(true), { type: 'RejectRequest', id: 40, motivo: 'Caro', canApprove: true, by: 11 })))
      .toEqual([ProductState.enAlmacenCentral, ProductState.rechazado]);
  });

  it('a product partly served stays in the purchase (its central part is transferable as stock); nothing left to buy anywhere skips approval as before', () => {
    const partly: PurchaseRequestCommand = { type: 'SaveCentralQuantities', id: 40, by: 9, productos: [
      { id: 401, cantidad_en_almacen_central: 1, cantidad_solicitada_por_almacen_central: 1, en_almacen_central: 0, observacion_almacen_central: '' },
    ] };
    const [attended] = given(history(create(), send, partly)).when(attend(true)).events();
    expect(attended.data).not.toHaveProperty('en_almacen_central');
    const partOut: PurchaseRequestCommand = { type: 'SendToSite', id: 40, idTraslado: 5, numeroGuia: 'G-1', salidas: [{ id_producto: 401, cantidad: 1, numero_orden: '', codigo: 'M-7', index: 0 }], by: 9 };
    const events = history(create(), send, partly, attend(true), partOut, approve);
    expect(products(events)).toEqual([ProductState.solicitado, ProductState.solicitado]);
    expect(given(events).state).toMatchObject({ productos: [{ id: 401, enviado: 1, porComprar: 1 }, { id: 402 }] });
    const all = history(create(), send, { type: 'SaveCentralQuantities', id: 40, by: 9, productos: [
      { id: 401, cantidad_en_almacen_central: 2, cantidad_solicitada_por_almacen_central: 0, en_almacen_central: 1, observacion_almacen_central: '' },
      { id: 402, cantidad_en_almacen_central: 1, cantidad_solicitada_por_almacen_central: 0, en_almacen_central: 1, observacion_almacen_central: '' },
    ] }, attend(false));
    expect(estado(all)).toBe(RequestState.solicitado);
    expect(products(all)).toEqual([ProductState.enAlmacenCentral, ProductState.enAlmacenCentral]);
  });
});

describe('the request type locks once chosen and saved (issue 28)', () => {
  const generated = (fields: Record<string, unknown>) => create({ idOrdenTrabajo: 12, creadoDesdeOt: true, fields });
  it('a request saved without a type (generated from its work order) takes one, then keeps it', () => {
    const events = history(generated({ descripcion_trabajo: 'Repuestos de la OT-1', id_solicitudes_tipo: null }));
    const [chosen] = given(events).when({ type: 'EditRequest', id: 40, fields: { id_solicitudes_tipo: 2, id_solicitudes_movilizacion_recursos: 3 }, by }).events();
    expect(chosen).toMatchObject({ type: 'PurchaseRequestEdited', data: { fields: { id_solicitudes_tipo: 2 } } });
    given([...events, chosen]).when({ type: 'EditRequest', id: 40, fields: { id_solicitudes_tipo: 1 }, by })
      .thenRefused(MSG_VALIDATION, 422, { id_solicitudes_tipo: MSG_TYPE_LOCKED });
    given([...events, chosen]).when({ type: 'EditRequest', id: 40, fields: { id_solicitudes_tipo: null }, by })
      .thenRefused(MSG_VALIDATION, 422, { id_solicitudes_tipo: MSG_TYPE_LOCKED });
    given([...events, chosen]).when({ type: 'EditRequest', id: 40, fields: { id_solicitudes_movilizacion_recursos: 4 }, by }).thenTypes(['PurchaseRequestEdited']);
    given([...events, chosen]).when(send).thenTypes(['PurchaseRequestSent']);
  });
  it('a type chosen when the request was first saved is locked at once; a drafted service request takes one', () => {
    given(history(generated({ id_solicitudes_tipo: 1 }))).when({ type: 'EditRequest', id: 40, fields: { id_solicitudes_tipo: 2 }, by })
      .thenRefused(MSG_VALIDATION, 422, { id_solicitudes_tipo: MSG_TYPE_LOCKED });
    const drafted = history({ ...draft, fields: { fecha_requerimiento: '2026-12-14', id_solicitudes_tipo: null } });
    expect(drafted[0]).toMatchObject({ type: 'PurchaseRequestDrafted', data: { fields: { fecha_requerimiento: '2026-12-14' } } });
    given(drafted).when({ type: 'EditRequest', id: 31, fields: { id_solicitudes_tipo: 2 }, by }).thenTypes(['PurchaseRequestEdited']);
  });
});
