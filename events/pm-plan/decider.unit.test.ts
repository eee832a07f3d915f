import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { deciderSpec } from '../testing/decider-spec';
import { upcast } from '../upcast';
import type { RecordedEvent } from '../types';
import { PM_MSG, pmPlanDecider, refuseUnknownMaterials } from './decider';
import type { PmPlanEvent, PmPlanFields } from './types';

const given = deciderSpec(pmPlanDecider);
const service: PmPlanFields = { nombre: 'Servicio 250 h', unidad: 'horas', intervalo: 250, intervenciones: ['Cambio de aceite de motor', 'Cambio de filtros'], productos: [], activo: true };
const added: PmPlanEvent = { type: 'PmPlanAdded', data: { id_equipo: 7, id_plan: 1, ...service } };
const save = (id_plan: number | null, fields: Partial<PmPlanFields> = {}, extra = {}) =>
  ({ type: 'SavePmPlan', id_equipo: 7, id_plan, fields: { ...service, ...fields }, fecha: '2026-03-20', ...extra }) as const;

describe('pm plan decider (issue 20)', () => {
  it('a new plan of the machine\'s own takes the next id; an initial last service is recorded with it', () => {
    given([]).when(save(null)).then([added]);
    given([added]).when(save(null, { nombre: 'Overhaul 2,000 h', intervalo: 2000 }, { ultimo_valor: 0 })).then([
      { type: 'PmPlanAdded', data: { id_equipo: 7, id_plan: 2, ...service, nombre: 'Overhaul 2,000 h', intervalo: 2000 } },
      { type: 'PmServiceRecorded', data: { id_equipo: 7, id_plan: 2, valor: 0, fecha: '2026-03-20', id_orden_trabajo: null } },
    ]);
  });

  it('plan 0 is the subgroup\'s: saving it stores an override; null unit and interval inherit; removing it inherits again', () => {
    given([]).when(save(0, { nombre: '', unidad: null, intervalo: null, intervenciones: ['Engrase general'] })).thenTypes(['PmPlanAdded']);
    given([]).when(save(0, { unidad: 'horas', intervalo: null })).thenRefused(MSG_VALIDATION, 422, { intervalo: PM_MSG.inheritPair });
    given([]).when({ type: 'RemovePmPlan', id_equipo: 7, id_plan: 0 }).thenRefused(PM_MSG.inheritedRemove, 422);
    const override: PmPlanEvent = { type: 'PmPlanAdded', data: { id_equipo: 7, id_plan: 0, ...service, nombre: '' } };
    given([override]).when({ type: 'RemovePmPlan', id_equipo: 7, id_plan: 0 }).then([{ type: 'PmPlanRemoved', data: { id_equipo: 7, id_plan: 0 } }]);
  });

  it('an edit records only what changed; an unknown plan is a 404; own plans need name, unit and interval', () => {
    given([added]).when(save(1, { intervalo: 300 })).then([
      { type: 'PmPlanChanged', data: { id_equipo: 7, id_plan: 1, changes: { intervalo: { from: 250, to: 300 } } } },
    ]);
    given([added]).when(save(1)).then([]);
    given([added]).when(save(9)).thenRefused(PM_MSG.notFound, 404);
    given([]).when(save(null, { nombre: '', unidad: null, intervalo: 0 })).thenRefused(MSG_VALIDATION, 422, {
      nombre: PM_MSG.required, unidad: PM_MSG.required, intervalo: PM_MSG.intervalo,
    });
  });

  it('one preventive OT at a time per plan; a service clears it and restarts the count', () => {
    const linked: PmPlanEvent = { type: 'PmWorkOrderLinked', data: { id_equipo: 7, id_plan: 1, id_orden_trabajo: 40, automatico: true } };
    given([added]).when({ type: 'LinkPmWorkOrder', id_equipo: 7, id_plan: 1, id_orden_trabajo: 40, automatico: true }).then([linked]);
    given([added, linked]).when({ type: 'LinkPmWorkOrder', id_equipo: 7, id_plan: 1, id_orden_trabajo: 40, automatico: false }).then([]);
    given([added, linked]).when({ type: 'LinkPmWorkOrder', id_equipo: 7, id_plan: 1, id_orden_trabajo: 41, automatico: true }).thenRefused(PM_MSG.openOrder(40), 409);
    const done: PmPlanEvent = { type: 'PmServiceRecorded', data: { id_equipo: 7, id_plan: 1, valor: 1252, fecha: '2026-03-27', id_orden_trabajo: 40 } };
    const after = given([added, linked, done]).state.planes['1'];
    expect(after).toMatchObject({ ultimo_valor: 1252, ultima_fecha: '2026-03-27', id_orden_trabajo: null });
    // The inherited plan takes links and services without being stored first.
    given([]).when({ type: 'LinkPmWorkOrder', id_equipo: 7, id_plan: 0, id_orden_trabajo: 5, automatico: false }).thenTypes(['PmWorkOrderLinked']);
  });

  it('standard parts: a material code and a quantity each, changed as one field; bad ones are field errors', () => {
    const parts = [{ codigo: 'FIL-001', cantidad: 2 }, { codigo: 'ACE-15W40', cantidad: 18.5 }];
    given([added]).when(save(1, { productos: parts })).then([
      { type: 'PmPlanChanged', data: { id_equipo: 7, id_plan: 1, changes: { productos: { from: [], to: parts } } } },
    ]);
    given([added]).when(save(1, { productos: [{ codigo: '', cantidad: 1 }, { codigo: 'FIL-001', cantidad: 0 }] })).thenRefused(MSG_VALIDATION, 422, {
      'productos.0.codigo': PM_MSG.codigo, 'productos.1.cantidad': PM_MSG.cantidad,
    });
    // Plan 0 holding only parts is an override too (removing it inherits again).
    given([]).when(save(0, { nombre: '', unidad: null, intervalo: null, intervenciones: [], productos: parts })).thenTypes(['PmPlanAdded']);
  });

  it('a plan added before parts existed (schema version 1) reads with none', () => {
    const { productos: _none, ...v1 } = added.data;
    const stored = { type: 'PmPlanAdded', schemaVersion: 1, data: v1 } as unknown as RecordedEvent;
    const read = upcast(stored);
    expect(read.schemaVersion).toBe(2);
    expect(read.data).toEqual({ ...v1, productos: [] });
    expect(given([read as unknown as PmPlanEvent]).state.planes['1'].productos).toEqual([]);
  });
});

describe('a plan’s parts name active materials', () => {
  it('known codes (and a line still without one, the field rule’s) pass; an unknown code is its line’s field error', () => {
    const known = new Set(['M-1', 'M-2']);
    expect(() => refuseUnknownMaterials([{ codigo: 'M-1' }, { codigo: '' }, { codigo: 'M-2' }], known)).not.toThrow();
    expect(() => refuseUnknownMaterials([{ codigo: 'M-1' }, { codigo: 'X-9' }, { codigo: 'Y-1' }], known)).toThrow(
      expect.objectContaining({ message: MSG_VALIDATION, status: 422, errors: { 'productos.1.codigo': PM_MSG.materialNotFound, 'productos.2.codigo': PM_MSG.materialNotFound } }),
    );
  });
});
