import { describe, expect, it } from 'vitest';
import { requestLabel, requestQuestion, transferKey } from './transferRequest';

describe('transfer request screen rules', () => {
  it('pluralises the action by the selected groups', () => {
    expect([0, 1, 2, 12].map(requestLabel)).toEqual(['Solicitar traslado', 'Solicitar traslado', 'Solicitar 2 traslados', 'Solicitar 12 traslados']);
    expect(requestQuestion(1)).toContain('del ingreso seleccionado');
    expect(requestQuestion(3)).toContain('de los 3 ingresos seleccionados');
  });

  it('keys a group by order and code, so the same code of two orders are two groups', () => {
    expect(transferKey({ numero_orden_compra: 'OC-1', codigo_recurso: 'M-1' })).toBe('OC-1|M-1');
    expect(transferKey({ numero_orden_compra: 'OC-2', codigo_recurso: 'M-1' })).not.toBe(transferKey({ numero_orden_compra: 'OC-1', codigo_recurso: 'M-1' }));
  });
});
