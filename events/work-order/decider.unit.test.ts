import { describe, expect, it } from 'vitest';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import {
  refuseMissingReferences,
  refuseReplicate,
  refuseSiteOutOfReach,
  MSG_SITE_OUT_OF_REACH,
  MSG_ALREADY_CANCELLED,
  MSG_ALREADY_REPLICATED,
  MSG_CANCEL_REQUEST,
  MSG_CANCEL_ROLE,
  MSG_CANCELLED,
  MSG_CLOSE_BEFORE_OPEN,
  MSG_CLOSED,
  MSG_ELEMENT_REQUIRED,
  MSG_EQUIPMENT_LOCKED,
  MSG_PARTS_LOCKED,
  MSG_REPLICATE_NOT_CLOSED,
  MSG_REQUEST_EXISTS,
  MSG_REQUEST_NEEDS_NO_PARTS,
  MSG_REQUEST_RIGHT,
  MSG_TOTAL_NEEDS_SAVE,
  MSG_UNIT_NOT_ALLOWED,
  NEW_PART_FIELDS,
  REQUIRED,
  MSG_TIPO_MANTENIMIENTO,
  MSG_ISSUE_LINE_NOT_FOUND,
  MSG_PICK_ROWS,
  MSG_VALIDATION,
  refuseIssueRows,
  workOrderDecider,
} from './decider';
import { MSG_VALE_REQUIRED } from '@shared/messages';
import type { CommandRejected } from '../errors';
import type { Actor, Header, LinesInput, PartLine, WorkLine, WorkOrderCommand, WorkOrderEvent } from './types';

// Given events / When command / Then events or refusal (the decider kit, events/testing/decider-spec.ts).
const admin: Actor = { id: 2, roleId: 16, canCreateRequest: true };
const supervisor: Actor = { id: 7, roleId: 15, canCreateRequest: false };
const header: Header = {
  id_obra: 1, id_equipo: 10, placa_equipo: 'ABC-123', serie_equipo: 'CAT0320X', fecha_parada: '2026-03-02 08:00', fecha_puesta_marcha: '2026-03-02 17:30',
  fecha_apertura_ot: '2026-03-02 08:15', fecha_cierre_ot: null, horometro_parada: 1200.5, horometro_puesta_marcha: 1208, horometro_apertura_ot: 1200.5,
  horometro_cierre_ot: null, kilometraje: null, tercero_ruc: '', tercero_razon_social: '', id_operador: 31, id_mecanico: 32, id_supervisor: 33, sin_productos: 0,
  id_tipo_mantenimiento: 2,
};
const diag = (over: Partial<WorkLine> = {}): WorkLine => ({
  id: 0, id_grupo_funcional: 1, id_grupo_funcional_elemento: 11, descripcion: 'Fuga en manguera de alta', horas: 0, minutos: 0, observacion: '', ...over,
});
const part = (over: Partial<PartLine> = {}): PartLine => ({
  id: 0, id_grupo_funcional: 1, id_grupo_funcional_elemento: 11, descripcion: 'Manguera hidráulica', id_unidad: 1, id_material: 500, codigo_material: 'CAT 1R-0750',
  id_material_tipo: 3, solicitud_material: 0, cantidad_solicitada_por_tecnico: 2, ...NEW_PART_FIELDS, ...over,
});
const noLines = (): LinesInput => ({ diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [] });

function save(over: Partial<Extract<WorkOrderCommand, { type: 'SaveWorkOrder' }>> = {}): WorkOrderCommand {
  return {
    type: 'SaveWorkOrder', id: 100, codigo: 'OB-LIM-01-000001', header, firmas: { operador: 0, mecanico: 0, supervisor: 0 }, lines: noLines(),
    terminado: false, rechazado_id: null, newLineIds: [1, 2, 3, 4, 5, 6, 7, 8], allowedUnits: { '3': [1, 2] }, actor: supervisor, ...over,
  };
}

const given = deciderSpec(workOrderDecider);

const opened: WorkOrderEvent = { type: 'WorkOrderOpened', data: { id: 100, codigo: 'OB-LIM-01-000001', header, rechazado_id: null, by: 7 } };
const closed: WorkOrderEvent = { type: 'WorkOrderClosed', data: { id: 100 } };
const cancelled: WorkOrderEvent = { type: 'WorkOrderCancelled', data: { id: 100 } };
const withPart: WorkOrderEvent = { type: 'WorkOrderLineAdded', data: { id: 100, tabla: 'productos_solicitados', line: part({ id: 5 }) } };
const withDiag: WorkOrderEvent = { type: 'WorkOrderLineAdded', data: { id: 100, tabla: 'diagnosticos', line: diag({ id: 4 }) } };
const attended: WorkOrderEvent = { type: 'WorkOrderAttendedBySiteWarehouse', data: { id: 100 } };
const linked = (estado: string): WorkOrderEvent => ({ type: 'WorkOrderRequestLinked', data: { id: 100, request: { id: 900, tipo: 'compra', estado } } });

describe('work order decider: opening and CIERRE MECANICO', () => {
  it('a first save opens the order with its code, adds each line with a new id and records the mechanical close', () => {
    given([])
      .when(save({ lines: { ...noLines(), diagnosticos: [diag()], intervenciones: [diag({ descripcion: 'Cambio de manguera' })] } }))
      .then([
        opened,
        { type: 'WorkOrderLineAdded', data: { id: 100, tabla: 'diagnosticos', line: diag({ id: 1 }) } },
        { type: 'WorkOrderLineAdded', data: { id: 100, tabla: 'intervenciones', line: diag({ id: 2, descripcion: 'Cambio de manguera' }) } },
        { type: 'WorkOrderSaved', data: { id: 100 } },
      ]);
  });

  it('requires site, equipment, opening date, operator, mechanic and supervisor', () => {
    const empty = { ...header, id_obra: null, id_equipo: null, fecha_apertura_ot: null, id_operador: null, id_mecanico: null, id_supervisor: null };
    const e = given([]).when(save({ header: empty })).thenRefused('Revise los campos marcados', 422);
    expect(Object.keys(e.errors).sort()).toEqual(['fecha_apertura_ot', 'id_equipo', 'id_mecanico', 'id_obra', 'id_operador', 'id_supervisor']);
    expect(new Set(Object.values(e.errors))).toEqual(new Set([REQUIRED]));
  });

  it('refuses a closing date before the opening date with a field error; the same minute or later is fine', () => {
    const e = given([]).when(save({ header: { ...header, fecha_cierre_ot: '2026-03-02 08:14' } })).thenRefused('Revise los campos marcados', 422);
    expect(e.errors).toEqual({ fecha_cierre_ot: MSG_CLOSE_BEFORE_OPEN });
    const earlierDay = given([opened]).when(save({ header: { ...header, fecha_cierre_ot: '2026-03-01 23:59' } })).thenRefused('Revise los campos marcados', 422);
    expect(earlierDay.errors).toEqual({ fecha_cierre_ot: MSG_CLOSE_BEFORE_OPEN });
    const sameMinute = given([]).when(save({ header: { ...header, fecha_cierre_ot: '2026-03-02 08:15' } })).events();
    expect(sameMinute[0]).toMatchObject({ type: 'WorkOrderOpened', data: { header: { fecha_cierre_ot: '2026-03-02 08:15' } } });
  });

  it('requires the element on every diagnosis, intervention and part line', () => {
    const lines = {
      ...noLines(),
      diagnosticos: [diag({ id_grupo_funcional_elemento: null })],
      intervenciones: [diag(), diag({ id_grupo_funcional_elemento: null })],
      productos_solicitados: [part({ id_grupo_funcional_elemento: null })],
    };
    given([]).when(save({ lines })).thenRefused('Revise los campos marcados', 422, {
      'diagnosticos.0.id_grupo_funcional_elemento': MSG_ELEMENT_REQUIRED,
      'intervenciones.1.id_grupo_funcional_elemento': MSG_ELEMENT_REQUIRED,
      'productos_solicitados.0.id_grupo_funcional_elemento': MSG_ELEMENT_REQUIRED,
    });
  });

  it("limits a part's unit to its material type's units, and accepts any unit when the type has no conversion list", () => {
    given([]).when(save({ lines: { ...noLines(), productos_solicitados: [part({ id_unidad: 9 })] } })).thenRefused('Revise los campos marcados', 422, {
      'productos_solicitados.0.id_unidad': MSG_UNIT_NOT_ALLOWED,
    });
    given([]).when(save({ lines: { ...noLines(), productos_solicitados: [part({ id_unidad: 9, id_material_tipo: 4 })] } })).thenTypes([
      'WorkOrderOpened',
      'WorkOrderLineAdded',
      'WorkOrderSaved',
    ]);
  });

  it('a part line may ask for a new material (solicitud_material) with a description instead of a material', () => {
    const ask = part({ id_material: null, codigo_material: '', solicitud_material: 1, descripcion: 'Sello de cilindro de levante 90 mm' });
    const [, added] = given([]).when(save({ lines: { ...noLines(), productos_solicitados: [ask] } })).events();
    expect(added).toMatchObject({ type: 'WorkOrderLineAdded', data: { line: { solicitud_material: 1, id_material: null, estado: 1 } } });
    given([]).when(save({ lines: { ...noLines(), productos_solicitados: [part({ id_material: null })] } })).thenRefused('Revise los campos marcados', 422, {
      'productos_solicitados.0.id_material': REQUIRED,
    });
    given([]).when(save({ lines: { ...noLines(), productos_solicitados: [{ ...ask, descripcion: ' ' }] } })).thenRefused('Revise los campos marcados', 422, {
      'productos_solicitados.0.descripcion': 'Describa el material que se solicita crear',
    });
  });

  it('a save with nothing changed still records the CIERRE MECANICO step; a changed field is one before→after event', () => {
    given([opened]).when(save()).then([{ type: 'WorkOrderSaved', data: { id: 100 } }]);
    given([opened])
      .when(save({ header: { ...header, kilometraje: 15230, tercero_ruc: '20512345678' } }))
      .then([
        { type: 'WorkOrderDetailsChanged', data: { id: 100, changes: { kilometraje: { from: null, to: 15230 }, tercero_ruc: { from: '', to: '20512345678' } } } },
        { type: 'WorkOrderSaved', data: { id: 100 } },
      ]);
  });

  it("the maintenance type (issue 19) opens with the order, changes as a before→after field, and only 1 MP, 2 MC or 3 MCD are accepted", () => {
    const preventive = given([]).when(save({ header: { ...header, id_tipo_mantenimiento: 1 } })).events();
    expect(preventive[0]).toMatchObject({ type: 'WorkOrderOpened', data: { header: { id_tipo_mantenimiento: 1 } } });
    given([opened])
      .when(save({ header: { ...header, id_tipo_mantenimiento: 3 } }))
      .then([
        { type: 'WorkOrderDetailsChanged', data: { id: 100, changes: { id_tipo_mantenimiento: { from: 2, to: 3 } } } },
        { type: 'WorkOrderSaved', data: { id: 100 } },
      ]);
    const e = given([]).when(save({ header: { ...header, id_tipo_mantenimiento: 4 as never } })).thenRefused('Revise los campos marcados', 422);
    expect(e.errors).toEqual({ id_tipo_mantenimiento: MSG_TIPO_MANTENIMIENTO });
  });

  it('signing and withdrawing a signature are facts of their own', () => {
    const signed = given([opened]).when(save({ firmas: { operador: 1, mecanico: 0, supervisor: 1 } })).events();
    expect(signed.filter((e) => e.type === 'WorkOrderSigned').map((e) => e.data)).toEqual([
      { id: 100, firmante: 'operador', id_user: 31 },
      { id: 100, firmante: 'supervisor', id_user: 33 },
    ]);
    const sig: WorkOrderEvent = { type: 'WorkOrderSigned', data: { id: 100, firmante: 'operador', id_user: 31 } };
    given([opened, sig]).when(save({ firmas: { operador: 1, mecanico: 0, supervisor: 0 } })).thenTypes(['WorkOrderSaved']);
    given([opened, sig]).when(save()).thenTypes(['WorkOrderSignatureWithdrawn', 'WorkOrderSaved']);
  });

  it('an existing line changes with its before→after fields; an unknown line id is refused', () => {
    given([opened, withDiag])
      .when(save({ lines: { ...noLines(), diagnosticos: [diag({ id: 4, horas: 2, minutos: 30 })] } }))
      .then([
        { type: 'WorkOrderLineChanged', data: { id: 100, tabla: 'diagnosticos', line_id: 4, changes: { horas: { from: 0, to: 2 }, minutos: { from: 0, to: 30 } } } },
        { type: 'WorkOrderSaved', data: { id: 100 } },
      ]);
    given([opened]).when(save({ lines: { ...noLines(), diagnosticos: [diag({ id: 77 })] } })).thenRefused('Revise los campos marcados', 422, { 'diagnosticos.0.id': 'No se encontró la fila' });
  });

  it("ticking 'No requiere productos de almacen' removes the requested parts and ignores parts sent with it", () => {
    given([opened, withPart])
      .when(save({ header: { ...header, sin_productos: 1 }, lines: { ...noLines(), productos_solicitados: [part()] } }))
      .then([
        { type: 'WorkOrderDetailsChanged', data: { id: 100, changes: { sin_productos: { from: 0, to: 1 } } } },
        { type: 'WorkOrderLineRemoved', data: { id: 100, tabla: 'productos_solicitados', line_id: 5, line: part({ id: 5 }), reason: 'sin_productos' } },
        { type: 'WorkOrderSaved', data: { id: 100 } },
      ]);
  });
});

describe('work order decider: CIERRE TOTAL and the locks', () => {
  it('CIERRE TOTAL closes a saved open order', () => {
    const state = given([opened]).state;
    expect(state.status).toBe('abierto');
    given([opened]).when(save({ terminado: true })).then([closed]);
    expect(given([opened, closed]).state.status).toBe('cerrado');
  });

  it('CIERRE TOTAL is refused for an order never saved, a closed one and a cancelled one', () => {
    given([]).when(save({ terminado: true })).thenRefused(MSG_TOTAL_NEEDS_SAVE, 409);
    given([opened, closed]).when(save({ terminado: true })).thenRefused(MSG_CLOSED, 409);
    given([opened, cancelled]).when(save({ terminado: true })).thenRefused(MSG_CANCELLED, 409);
  });

  it('a closed or cancelled order locks every line: no save, no removal', () => {
    given([opened, withDiag, closed]).when(save({ lines: { ...noLines(), diagnosticos: [diag()] } })).thenRefused(MSG_CLOSED, 409);
    given([opened, withDiag, closed]).when({ type: 'RemoveLine', tabla: 'diagnosticos', lineId: 4, actor: admin }).thenRefused(MSG_CLOSED, 409);
    given([opened, withDiag, cancelled]).when({ type: 'RemoveLine', tabla: 'diagnosticos', lineId: 4, actor: admin }).thenRefused(MSG_CANCELLED, 409);
  });

  it('parts lock once the site warehouse attended: adding, changing or removing a part is refused, other lines still change', () => {
    const g = [opened, withPart, attended];
    given(g).when(save({ lines: { ...noLines(), productos_solicitados: [part()] } })).thenRefused(MSG_PARTS_LOCKED, 409);
    given(g).when(save({ lines: { ...noLines(), productos_solicitados: [part({ id: 5, cantidad_solicitada_por_tecnico: 9 })] } })).thenRefused(MSG_PARTS_LOCKED, 409);
    given(g).when({ type: 'RemoveLine', tabla: 'productos_solicitados', lineId: 5, actor: admin }).thenRefused(MSG_PARTS_LOCKED, 409);
    given(g).when(save({ header: { ...header, sin_productos: 1 } })).thenRefused(MSG_PARTS_LOCKED, 409);
    given(g).when(save({ lines: { ...noLines(), diagnosticos: [diag()] } })).thenTypes(['WorkOrderLineAdded', 'WorkOrderSaved']);
    given(g).when(save({ lines: { ...noLines(), productos_solicitados: [part({ id: 5 })] } })).thenTypes(['WorkOrderSaved']);
  });

  it('parts and the equipment lock once a purchase request exists', () => {
    given([opened, withPart, linked('borrador')]).when({ type: 'RemoveLine', tabla: 'productos_solicitados', lineId: 5, actor: admin }).thenRefused(MSG_PARTS_LOCKED, 409);
    given([opened, linked('borrador')]).when(save({ header: { ...header, id_equipo: 11 } })).thenRefused(MSG_EQUIPMENT_LOCKED, 409);
    given([opened, attended]).when(save({ header: { ...header, id_equipo: 11 } })).thenRefused(MSG_EQUIPMENT_LOCKED, 409);
    given([opened]).when(save({ header: { ...header, id_equipo: 11 } })).thenTypes(['WorkOrderDetailsChanged', 'WorkOrderSaved']);
  });

  it('removing a line is one event carrying the removed line', () => {
    given([opened, withDiag])
      .when({ type: 'RemoveLine', tabla: 'diagnosticos', lineId: 4, actor: supervisor })
      .then([{ type: 'WorkOrderLineRemoved', data: { id: 100, tabla: 'diagnosticos', line_id: 4, line: diag({ id: 4 }), reason: 'eliminado' } }]);
    given([opened]).when({ type: 'RemoveLine', tabla: 'diagnosticos', lineId: 4, actor: supervisor }).thenRefused('No se encontró la fila', 404);
  });
});

describe('work order decider: cancelling, replicating, requests', () => {
  it('only admin or root cancel', () => {
    given([opened]).when({ type: 'CancelWorkOrder', actor: admin }).then([cancelled]);
    given([opened]).when({ type: 'CancelWorkOrder', actor: { ...admin, roleId: 1 } }).then([cancelled]);
    given([opened]).when({ type: 'CancelWorkOrder', actor: supervisor }).thenRefused(MSG_CANCEL_ROLE, 403);
  });

  it('cancelling needs the request to be a draft or absent, and happens once', () => {
    given([opened, linked('borrador')]).when({ type: 'CancelWorkOrder', actor: admin }).then([cancelled]);
    given([opened, linked('enviado')]).when({ type: 'CancelWorkOrder', actor: admin }).thenRefused(MSG_CANCEL_REQUEST, 403);
    given([opened, cancelled]).when({ type: 'CancelWorkOrder', actor: admin }).thenRefused(MSG_ALREADY_CANCELLED, 403);
    const draftThenSent = [opened, linked('borrador'), { type: 'WorkOrderRequestStateChanged', data: { id: 100, estado: 'enviado' } } as WorkOrderEvent];
    given(draftThenSent).when({ type: 'CancelWorkOrder', actor: admin }).thenRefused(MSG_CANCEL_REQUEST, 403);
    expect(given([opened, cancelled]).state.status).toBe('cancelado');
  });

  it('replication is allowed for a closed order, once; an open or cancelled one is refused', () => {
    given([opened, closed]).when({ type: 'MarkReplicated', id_replica: 101, actor: admin }).then([{ type: 'WorkOrderReplicated', data: { id: 100, id_replica: 101 } }]);
    given([opened]).when({ type: 'MarkReplicated', id_replica: 101, actor: admin }).thenRefused(MSG_REPLICATE_NOT_CLOSED, 409);
    given([opened, cancelled]).when({ type: 'MarkReplicated', id_replica: 101, actor: admin }).thenRefused(MSG_REPLICATE_NOT_CLOSED, 409);
    given([opened, closed, { type: 'WorkOrderReplicated', data: { id: 100, id_replica: 101 } }])
      .when({ type: 'MarkReplicated', id_replica: 102, actor: admin })
      .thenRefused(MSG_ALREADY_REPLICATED, 409);
  });

  it('the replica’s form is refused by the same rule (409) before any save', () => {
    expect(() => refuseReplicate(given([opened, closed]).state)).not.toThrow();
    expect(() => refuseReplicate(given([opened]).state)).toThrow(MSG_REPLICATE_NOT_CLOSED);
    const replicated = given([opened, closed, { type: 'WorkOrderReplicated', data: { id: 100, id_replica: 101 } }]).state;
    expect(() => refuseReplicate(replicated)).toThrow(expect.objectContaining({ message: MSG_ALREADY_REPLICATED, status: 409 }));
  });

  it('the replica opens as a new order that names the original in rechazado_id', () => {
    const [first] = given([]).when(save({ id: 101, codigo: 'OB-LIM-01-000002', rechazado_id: 100 })).events();
    expect(first).toMatchObject({ type: 'WorkOrderOpened', data: { id: 101, rechazado_id: 100 } });
  });

  it('a service request is generated only for sin_productos = 1, without a request, by a user with can_create_request', () => {
    const request = { id: 900, tipo: 'servicio' as const, estado: 'borrador' };
    const noParts: WorkOrderEvent = { type: 'WorkOrderDetailsChanged', data: { id: 100, changes: { sin_productos: { from: 0, to: 1 } } } };
    given([opened, noParts]).when({ type: 'LinkRequest', request, actor: admin, viaServiceRequest: true }).then([{ type: 'WorkOrderRequestLinked', data: { id: 100, request } }]);
    given([opened]).when({ type: 'LinkRequest', request, actor: admin, viaServiceRequest: true }).thenRefused(MSG_REQUEST_NEEDS_NO_PARTS, 409);
    given([opened, noParts]).when({ type: 'LinkRequest', request, actor: supervisor, viaServiceRequest: true }).thenRefused(MSG_REQUEST_RIGHT, 403);
    given([opened, noParts, linked('borrador')]).when({ type: 'LinkRequest', request, actor: admin, viaServiceRequest: true }).thenRefused(MSG_REQUEST_EXISTS, 409);
  });
});

describe('work order decider: the rows of a site issue', () => {
  const refused = (rows: { vale: string; visible: boolean }[]) => {
    try {
      refuseIssueRows(rows);
    } catch (e) {
      return e as CommandRejected;
    }
    return null;
  };

  it('passes rows with a voucher on the caller\'s sites', () => {
    expect(refused([{ vale: 'V-1', visible: true }, { vale: 'V-2', visible: true }])).toBeNull();
  });

  it('refuses no row, a missing voucher and a line off the caller\'s sites in one 422', () => {
    expect(refused([])).toMatchObject({ message: MSG_VALIDATION, status: 422, errors: { salidas: MSG_PICK_ROWS } });
    expect(refused([{ vale: '', visible: true }, { vale: 'V-1', visible: false }])).toMatchObject({
      message: MSG_VALIDATION, status: 422, errors: { vale_salida: MSG_VALE_REQUIRED, 'salidas.1.id_producto_solicitado': MSG_ISSUE_LINE_NOT_FOUND },
    });
  });
});

describe('work order: the acting user’s sites', () => {
  it('an order on one of the user’s sites (or every site, or none chosen yet) passes; another site is refused on id_obra', () => {
    expect(refusalOf(() => refuseSiteOutOfReach(2, [2, 5]))).toBeNull();
    expect(refusalOf(() => refuseSiteOutOfReach(7, 'all'))).toBeNull();
    expect(refusalOf(() => refuseSiteOutOfReach(null, [2]))).toBeNull();
    expect(refusalOf(() => refuseSiteOutOfReach(7, [2, 5]))).toEqual([MSG_VALIDATION, 422, { id_obra: MSG_SITE_OUT_OF_REACH }]);
  });
});

describe('work order: the records a save names', () => {
  it('none missing passes; the missing ones are refused on their fields (422)', () => {
    expect(refusalOf(() => refuseMissingReferences({}))).toBeNull();
    expect(refusalOf(() => refuseMissingReferences({ id_equipo: 'No existe', 'productos_solicitados.0.id_producto': 'No existe' }))).toEqual([
      MSG_VALIDATION,
      422,
      { id_equipo: 'No existe', 'productos_solicitados.0.id_producto': 'No existe' },
    ]);
  });
});
