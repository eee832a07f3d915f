import { describe, expect, it } from 'vitest';
import { assignmentNotice, assignmentsOf, isStaleAssignment, notifyWorkOrderSupervisor, supervisorNotice } from './notify-work-order-supervisor';

describe('what the OT supervisor is told', () => {
  it('the site warehouse attended the OT; SICAM created a requested material; nothing else', () => {
    expect(supervisorNotice({ type: 'WorkOrderAttendedBySiteWarehouse', data: { id: 7 } }, 'OB-LIM-01-OT-000007')).toBe('El almacén de obra atendió la OT OB-LIM-01-OT-000007');
    expect(supervisorNotice({ type: 'RequestedMaterialCreated', data: { id: 7, codigo_material: 'MAT-00001-3' } }, 'OB-LIM-01-OT-000007')).toBe(
      'SICAM creó el material MAT-00001-3 para la OT OB-LIM-01-OT-000007',
    );
    expect(supervisorNotice({ type: 'MaterialCreationSentToSicam', data: { id: 7 } }, 'OB-LIM-01-OT-000007')).toBeNull();
  });
});

describe('who an order names (issue 20)', () => {
  const opened = (header: Record<string, unknown>, by = 1) => ({ type: 'WorkOrderOpened', data: { id: 7, codigo: 'OT-7', header, by } });
  const changed = (changes: Record<string, unknown>, userId = 1) => ({ type: 'WorkOrderDetailsChanged', data: { id: 7, changes }, metadata: { userId } });

  it('opening names its mechanic and supervisor, mechanic first; one entry per person; never the author', () => {
    expect(assignmentsOf(opened({ id_mecanico: 5, id_supervisor: 4 }))).toEqual([{ userId: 5, roles: ['mecánico'] }, { userId: 4, roles: ['supervisor'] }]);
    expect(assignmentsOf(opened({ id_mecanico: 4, id_supervisor: 4 }))).toEqual([{ userId: 4, roles: ['mecánico', 'supervisor'] }]);
    expect(assignmentsOf(opened({ id_mecanico: 3, id_supervisor: null }, 3))).toEqual([]);
    expect(assignmentsOf(opened({}))).toEqual([]);
  });

  it('a change names only who became mechanic or supervisor; other changes name no one', () => {
    expect(assignmentsOf(changed({ id_mecanico: { from: 5, to: 6 } }))).toEqual([{ userId: 6, roles: ['mecánico'] }]);
    expect(assignmentsOf(changed({ id_supervisor: { from: 4, to: null } }))).toEqual([]);
    expect(assignmentsOf(changed({ kilometraje: { from: 1, to: 2 } }))).toEqual([]);
    expect(assignmentsOf(changed({ id_supervisor: { from: 4, to: 9 } }, 9))).toEqual([]);
  });

  it('the texts', () => {
    expect(assignmentNotice('WorkOrderOpened', ['mecánico'], { codigo: 'OB-1-OT-000007', equipo: 'EX-001' })).toBe('Se abrió la OT OB-1-OT-000007 (EX-001) con usted como mecánico');
    expect(assignmentNotice('WorkOrderDetailsChanged', ['mecánico', 'supervisor'], { codigo: 'OB-1-OT-000007', equipo: null })).toBe('Se le asignó la OT OB-1-OT-000007 como mecánico y supervisor');
  });

  it('an opening older than a week when reacted to (a first start catching up on history) tells no one', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(isStaleAssignment({ occurredAt: new Date(now - 6 * 86_400_000) }, now)).toBe(false);
    expect(isStaleAssignment({ occurredAt: new Date(now - 8 * 86_400_000) }, now)).toBe(true);
    const opened = (occurredAt: Date) => ({
      type: 'WorkOrderOpened', data: { id: 1, by: 9, header: { id_mecanico: 4, id_supervisor: 5 } }, metadata: { userId: 9 }, occurredAt,
    });
    expect(notifyWorkOrderSupervisor.react(opened(new Date()) as never)).toHaveLength(2);
    expect(notifyWorkOrderSupervisor.react(opened(new Date(Date.now() - 30 * 86_400_000)) as never)).toEqual([]);
  });
});
