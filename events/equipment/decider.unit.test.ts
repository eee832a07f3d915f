import { describe, expect, it } from 'vitest';
import { MSG_VALIDATION } from '@shared/messages';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import { equipmentDecider, NO_COST, NO_PLAN, refusePlan, refusePlanChange, type PlanFacts } from './decider';

const given = deciderSpec(equipmentDecider);
const created = { type: 'RecordCreated' as const, data: { id: 1, fields: { id_obra: 1, codigo: 'EX-001', ubicacion: '', estado: 1 } } };

describe('equipment decider: the generic record with transfers as events', () => {
  it('a change of site: the record change and EquipoTrasladado with origin and destination, in one decision', () => {
    given([created]).when({ type: 'UpdateRecord', id: 1, fields: { id_obra: 2, ubicacion: 'Frente 2' } }).then([
      { type: 'RecordUpdated', data: { id: 1, changes: { id_obra: { from: 1, to: 2 }, ubicacion: { from: '', to: 'Frente 2' } } } },
      { type: 'EquipoTrasladado', data: { id: 1, id_obra_origen: 1, id_obra_destino: 2 } },
    ]);
  });

  it('other changes, and a save that keeps the site, are no transfer', () => {
    given([created]).when({ type: 'UpdateRecord', id: 1, fields: { id_obra: 1, codigo: 'EX-002' } }).thenTypes(['RecordUpdated']);
    given([created]).when({ type: 'DisableRecord', id: 1 }).thenTypes(['RecordDisabled']);
  });

  it('a transfer folds to the moved machine (the site comes from the record change)', () => {
    const moved = [
      created,
      { type: 'RecordUpdated' as const, data: { id: 1, changes: { id_obra: { from: 1, to: 2 } } } },
      { type: 'EquipoTrasladado' as const, data: { id: 1, id_obra_origen: 1, id_obra_destino: 2 } },
    ];
    given(moved).when({ type: 'UpdateRecord', id: 1, fields: { id_obra: 1 } }).thenTypes(['RecordUpdated', 'EquipoTrasladado']);
    given(moved).when({ type: 'UpdateRecord', id: 1, fields: { id_obra: 2 } }).then([]);
  });
});

describe('amortization plan rules (seed 001 §3)', () => {
  it('removing, enabling or disabling a plan needs one (422)', () => {
    expect(refusalOf(() => refusePlanChange({ amortizacion: 12 }))).toBeNull();
    expect(refusalOf(() => refusePlanChange({ amortizacion: 0 }))).toEqual([NO_PLAN, 422, {}]);
  });

  it('a plan of some months needs a valid first month, then an acquisition cost; 0 months needs neither', () => {
    const facts: PlanFacts = { amortizacion: 12, inicioIssue: null, costo_adquisicion: 1000 };
    const refusal = (f: PlanFacts) => refusalOf(() => refusePlan(f));
    expect(refusal(facts)).toBeNull();
    expect(refusal({ ...facts, inicioIssue: 'Mes inválido (aaaa-mm)', costo_adquisicion: 0 })).toEqual([MSG_VALIDATION, 422, { amortizacion_inicio: 'Mes inválido (aaaa-mm)' }]);
    expect(refusal({ ...facts, costo_adquisicion: 0 })).toEqual([MSG_VALIDATION, 422, { amortizacion: NO_COST }]);
    expect(refusal({ amortizacion: 0, inicioIssue: 'Requerido', costo_adquisicion: 0 })).toBeNull();
  });
});
