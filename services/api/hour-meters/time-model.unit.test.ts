import { describe, expect, it } from 'vitest';
import { timeModel } from '@shared/hour-meter-time-model';

const log = (over: Partial<Parameters<typeof timeModel>[0]> = {}) =>
  timeModel({ horasTurno: 12, h_inicio: 1000, h_fin: 1009, falla_operacional: 0, falla_neta: 0, falla_tajo: 0, ...over });

describe('timeModel (H scheduled, W worked, R repair = falla_neta, S standby)', () => {
  it('a clean shift: availability 100 %, utilisation W / H', () => {
    expect(log()).toEqual({
      horas_programadas: 12, horas_trabajadas: 9, horas_reparacion: 0, horas_standby: 3, fallas: 0, disponibilidad: 100, utilizacion: 75,
    });
  });

  it('mechanical repair lowers availability W/(W+R); utilisation is W/(W+S) = W/(H−R)', () => {
    const m = log({ h_fin: 1008, falla_neta: 2.5 });
    expect(m.horas_reparacion).toBe(2.5);
    expect(m.horas_standby).toBe(1.5);
    expect(m.disponibilidad).toBe(76.19); // 8 / 10.5 = 76.190…
    expect(m.utilizacion).toBe(84.21); // 8 / 9.5 = 84.210…
  });

  it('operational and pit delays are standby: availability stays 100 %, utilisation drops', () => {
    const m = log({ h_fin: 1006, falla_operacional: 3, falla_tajo: 1.5 });
    expect(m.fallas).toBe(4.5);
    expect(m.disponibilidad).toBe(100);
    expect(m.horas_standby).toBe(6);
    expect(m.utilizacion).toBe(50);
  });

  it('rounds half away from zero at 2 decimals, exactly (no binary drift)', () => {
    // 1 / 8 = 12.5 %; 7 / 8 = 87.5 %; 1 / 1.6 = 62.5 %; 2/3 = 66.666… → 66.67; 1/3 → 33.33.
    expect(log({ h_fin: 1001, falla_neta: 7 }).disponibilidad).toBe(12.5);
    expect(log({ h_fin: 1007, falla_neta: 1 }).disponibilidad).toBe(87.5);
    expect(log({ h_fin: 1002, falla_neta: 1 }).disponibilidad).toBe(66.67);
    expect(log({ h_fin: 1001, falla_neta: 2 }).disponibilidad).toBe(33.33);
    // 0.0005 exactly at the third decimal: 1 / 0.8 … use W=1, W+R=1.6: 62.5 %, and W=3, W+R=8 (37.5 %).
    expect(log({ h_fin: 1001, falla_neta: 0.6 }).disponibilidad).toBe(62.5);
    // 100·W/(W+R) = 100·7/11.2 = 62.5; 100·9/9.6 = 93.75; 100·1/6.4 = 15.625 → 15.63 (half up).
    expect(log({ h_fin: 1001, falla_neta: 5.4 }).disponibilidad).toBe(15.63);
    expect(log({ h_fin: 1009, falla_neta: 0.6 }).disponibilidad).toBe(93.75);
  });

  it('zero denominators give null, never NaN or Infinity', () => {
    const idle = log({ h_fin: 1000 });
    expect(idle.disponibilidad).toBeNull(); // W + R = 0: nothing worked, nothing broke
    expect(idle.utilizacion).toBe(0); // the whole shift on standby
    const repair = log({ h_fin: 1000, falla_neta: 12 });
    expect(repair.disponibilidad).toBe(0);
    expect(repair.utilizacion).toBeNull(); // W + S = 0: the whole shift in repair
    expect(timeModel({ horasTurno: 0, h_inicio: 5, h_fin: 5, falla_operacional: 0, falla_neta: 0, falla_tajo: 0 })).toMatchObject({ disponibilidad: null, utilizacion: null });
  });

  it('an end below the start (a half-typed form) computes no percentages', () => {
    expect(log({ h_inicio: 1010, h_fin: 1000 })).toMatchObject({ horas_trabajadas: -10, disponibilidad: null, utilizacion: null });
  });

  it('standby never goes negative when W + R exceed the shift', () => {
    const m = log({ h_fin: 1012, falla_neta: 3 });
    expect(m.horas_standby).toBe(0);
    expect(m.utilizacion).toBe(100);
    expect(m.disponibilidad).toBe(80);
  });
});
