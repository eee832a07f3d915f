import { describe, expect, it } from 'vitest';
import { equipoFormValues, equipoPayload } from './equipmentForm';
import { sumCents } from '@shared/money';

describe('equipoFormValues', () => {
  it('turns the form item into the dialog values', () => {
    const v = equipoFormValues({
      id: 3, id_obra: 2, codigo: 'EX-001', id_equipo_grupo: '1', id_modelo: 0, anio: 2022, horometro: 0, costo_adquisicion: '185000.50',
      tarifa: '0.00', fecha_compra: '2024-02-29', fecha_baja: null, amortizacion: 60, linea_amarilla_blanca: 1, tipo_tarifa: 'MES', horas: 12,
    });
    expect(v).toMatchObject({
      id_obra: 2, codigo: 'EX-001', id_equipo_grupo: 1, id_modelo: null, anio: '2022', horometro: '', costo_adquisicion: '185000.50',
      tarifa: '', fecha_compra: '2024-02-29', fecha_baja: '', amortizacion: '60', linea_amarilla_blanca: 1, tipo_tarifa: 'MES', horas: 12, serie: '',
    });
    expect(equipoFormValues({ tipo_tarifa: null, horas: 0 })).toMatchObject({ tipo_tarifa: 'HORA', horas: null, id_obra: null });
  });

  it('sends horas 0 when none was chosen', () => {
    expect(equipoPayload(equipoFormValues({ horas: null })).horas).toBe(0);
  });
});

describe('sumCents', () => {
  it('adds money exactly', () => {
    expect(sumCents(['0.10', '0.20', '333.33', '333.33', '333.34'])).toBe('1000.30');
    expect(sumCents(Array.from({ length: 120 }, () => '0.01'))).toBe('1.20');
    expect(sumCents([])).toBe('0.00');
  });
});
