import { describe, expect, it } from 'vitest';
import { supervisorNotice } from './notify-work-order-supervisor';

describe('what the OT supervisor is told', () => {
  it('the site warehouse attended the OT; SICAM created a requested material; nothing else', () => {
    expect(supervisorNotice({ type: 'WorkOrderAttendedBySiteWarehouse', data: { id: 7 } }, 'OB-LIM-01-OT-000007')).toBe('El almacén de obra atendió la OT OB-LIM-01-OT-000007');
    expect(supervisorNotice({ type: 'RequestedMaterialCreated', data: { id: 7, codigo_material: 'MAT-00001-3' } }, 'OB-LIM-01-OT-000007')).toBe(
      'SICAM creó el material MAT-00001-3 para la OT OB-LIM-01-OT-000007',
    );
    expect(supervisorNotice({ type: 'MaterialCreationSentToSicam', data: { id: 7 } }, 'OB-LIM-01-OT-000007')).toBeNull();
  });
});
