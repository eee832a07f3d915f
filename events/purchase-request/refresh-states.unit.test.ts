import { describe, expect, it } from 'vitest';
import { canRefreshStates, MSG_DESPACHO_NO_SICAM, MSG_FINALIZADO, MSG_NO_SICAM_ORDER, MSG_NOT_ATTENDED_CENTRAL, refreshOutcome } from './decider';

// Seed 002 §4: 'Actualizar Estados' once attended by the central warehouse, disabled when finalizado.
describe('Actualizar Estados', () => {
  it('is allowed once attended and until finalizado, with no other condition', () => {
    expect(canRefreshStates({ atendido_por_almacen_central: 0, estado: 3 })).toBe(MSG_NOT_ATTENDED_CENTRAL);
    for (const estado of [4, 5, 8]) expect(canRefreshStates({ atendido_por_almacen_central: 1, estado })).toBeNull();
    expect(canRefreshStates({ atendido_por_almacen_central: 1, estado: 7 })).toBe(MSG_FINALIZADO);
  });

  it('asks SICAM only for a request it has; a despacho or a request not yet sent is told so', () => {
    expect(refreshOutcome({ tipo: 1, enviado_sicam: 1 })).toEqual({ pull: true });
    expect(refreshOutcome({ tipo: 3, enviado_sicam: 0 })).toEqual({ pull: false, msg: MSG_DESPACHO_NO_SICAM });
    expect(refreshOutcome({ tipo: 1, enviado_sicam: 0 })).toEqual({ pull: false, msg: MSG_NO_SICAM_ORDER });
  });
});
