import { describe, expect, it } from 'vitest';
import { EMPTY_INPUTS, kpiFigures, sumInputs, type KpiInputs } from './kpi-formulas';

// The worked example of docs/modules/reports.md: one machine, one month of 20 day shifts.
const example: KpiInputs = {
  ...EMPTY_INPUTS, registros: 20, horas_programadas: 240, horas_trabajadas: 180, horas_standby: 36, horas_reparacion: 24,
  ots_mp: 2, ots_mc: 2, ots_mcd: 1, reparaciones: 3, horas_reparacion_ot: 24, repuestos: 6, costo_mp: 900, costo_mc: 2400, costo_mcd: 300,
};

describe('KPI formulas (docs/modules/reports.md, issue 19)', () => {
  it('the worked example, figure by figure', () => {
    expect(kpiFigures(example)).toEqual({
      horas_trabajadas: 180, horas_standby: 36, horas_reparacion: 24,
      disponibilidad: 88.24, // 180 / 204
      utilizacion: 83.33, // 180 / 216
      ots: 5, fallas: 3,
      mtbf: 60, // 180 / 3
      mttr: 8, // 24 / 3
      disponibilidad_mecanica: 88.24, // 60 / 68
      costo_mantenimiento: 3600, costo_hora: 20, costo_mp_hora: 5, costo_mc_hora: 13.33, costo_mcd_hora: 1.67,
      razon_preventivo_correctivo: 0.67, porcentaje_preventivo: 40,
    });
  });

  it('a division by zero is no figure: no hours, no failures, no repairs', () => {
    const f = kpiFigures(EMPTY_INPUTS);
    expect(f).toMatchObject({ disponibilidad: null, utilizacion: null, mtbf: null, mttr: null, disponibilidad_mecanica: null, costo_hora: null, razon_preventivo_correctivo: null, porcentaje_preventivo: null, costo_mantenimiento: 0 });
    // Failures without a recorded restart: MTBF yes, MTTR and mechanical availability no.
    const noRestart = kpiFigures({ ...EMPTY_INPUTS, horas_trabajadas: 100, ots_mc: 4 });
    expect(noRestart).toMatchObject({ mtbf: 25, mttr: null, disponibilidad_mecanica: null });
  });

  it('sums month rows (numeric text included) before dividing: ratios of sums, never averages of ratios', () => {
    const s = sumInputs([{ horas_trabajadas: '100.5', horas_reparacion: 0 }, { horas_trabajadas: 10, horas_reparacion: '10' }]);
    expect(s.horas_trabajadas).toBe(110.5);
    // Averaging the months' availabilities would give (100 + 50) / 2 = 75 %.
    expect(kpiFigures(s).disponibilidad).toBe(91.7);
  });
});
