import { describe, expect, it } from 'vitest';
import { requestRowActions } from './requestRowActions';

// The row menu of /solicitudes_compras (seed 002 §4) from the row's state and the server's flags.
const row = (estado: number, flags: Partial<Record<'puede_editar' | 'puede_aprobar' | 'puede_reenviar' | 'puede_anular_solicitud', boolean>> = {}, protectedRow: 0 | 1 = 0) => ({
  estado,
  protected: protectedRow,
  puede_editar: false,
  puede_aprobar: false,
  puede_reenviar: false,
  puede_anular_solicitud: false,
  ...flags,
});

describe('requestRowActions', () => {
  it('a cancelled request keeps Ver and the seed\'s one more action, Ver actividad; nothing its state forbids', () => {
    expect(requestRowActions(row(2), true)).toEqual(['Ver', 'Ver actividad']);
    // Without the right to see the log, only Ver.
    expect(requestRowActions(row(2), false)).toEqual(['Ver']);
  });

  it('protected rows (rejected, finalizado) have no actions', () => {
    expect(requestRowActions(row(6, {}, 1), true)).toEqual([]);
    expect(requestRowActions(row(7, {}, 1), true)).toEqual([]);
  });

  it('other states: Editar or Ver, PDF, Ver actividad, then what the server allows', () => {
    expect(requestRowActions(row(1, { puede_editar: true }), true)).toEqual(['Editar', 'PDF', 'Ver actividad']);
    expect(requestRowActions(row(4, { puede_aprobar: true }), true)).toEqual(['Ver', 'PDF', 'Ver actividad', 'Aprobar', 'Rechazar']);
    expect(requestRowActions(row(5, { puede_reenviar: true, puede_anular_solicitud: true }), false)).toEqual(['Ver', 'PDF', 'Reenviar a SICAM', 'Anular']);
  });
});
