import { describe, expect, it } from 'vitest';
import { deriveTimes, durationBetween, formatDuration, hourMeterDifference, LABEL_ATTENDED, LABEL_IN_PROCESS, partsSituation, wallClockMinutes } from '@shared/work-order-derive';

describe('derived times of a work order (seed 001 §5)', () => {
  it('tiempo_parada and tiempo_ejecucion are the differences in hours and minutes, 0 when negative or incomplete', () => {
    expect(durationBetween('2026-03-02 08:00', '2026-03-02 17:30')).toEqual({ horas: 9, minutos: 30 });
    expect(durationBetween('2026-03-01 22:45', '2026-03-03 01:52')).toEqual({ horas: 27, minutos: 7 });
    expect(durationBetween('2026-03-02T08:00', '2026-03-02T07:59')).toEqual({ horas: 0, minutos: 0 });
    expect(durationBetween(null, '2026-03-02 07:59')).toEqual({ horas: 0, minutos: 0 });
    expect(durationBetween('02/03/2026', '2026-03-02 07:59')).toEqual({ horas: 0, minutos: 0 });
    expect(formatDuration({ horas: 27, minutos: 7 })).toBe('27:07');
  });

  it('hour-meter differences are rounded to 2 decimals without floating-point residue, 0 when negative', () => {
    expect(hourMeterDifference(1200.1, 1234.56)).toBe(34.46);
    expect(hourMeterDifference(0.1, 0.3)).toBe(0.2);
    expect(hourMeterDifference(1208, 1200.5)).toBe(0);
    expect(hourMeterDifference(null, 5)).toBe(0);
  });

  it('a leap day counts, and an impossible date is no date as wall-clock minutes', () => {
    expect(wallClockMinutes('2028-02-29 00:00')! - wallClockMinutes('2028-02-28 00:00')!).toBe(1440);
    expect(wallClockMinutes('2026-13-01 00:00')).toBeNull();
  });

  it('deriveTimes gives the four read-only values of the form', () => {
    expect(
      deriveTimes({
        fecha_parada: '2026-03-02 08:00', fecha_puesta_marcha: '2026-03-02 17:30', fecha_apertura_ot: '2026-03-02 08:15', fecha_cierre_ot: '2026-03-02 16:00',
        horometro_parada: 1200.5, horometro_puesta_marcha: 1208, horometro_apertura_ot: 1200.5, horometro_cierre_ot: 1207.25,
      }),
    ).toEqual({ tiempo_parada: { horas: 9, minutos: 30 }, tiempo_ejecucion: { horas: 7, minutos: 45 }, horometro_tiempo_parada: 7.5, horometro_tiempo_ejecucion: 6.75 });
  });
});

describe("the parts' situation labels (seed 001 §4)", () => {
  const BORRADOR = 1;
  const RECIBIDO = 10;
  const SALIDA = 11;

  it("'REPUESTOS ATENDIDOS' shows once any line is issued, beside 'EN PROCESO' while others are pending", () => {
    expect(partsSituation([SALIDA, BORRADOR, RECIBIDO], true)).toEqual([LABEL_IN_PROCESS, LABEL_ATTENDED]);
    expect(partsSituation([BORRADOR, SALIDA], true)).toEqual([LABEL_IN_PROCESS, LABEL_ATTENDED]);
    // Every line issued: attended only.
    expect(partsSituation([SALIDA, SALIDA], true)).toEqual([LABEL_ATTENDED]);
  });

  it("'EN PROCESO' needs the parts locked (a request, or the site warehouse attending); no part lines, no labels", () => {
    expect(partsSituation([BORRADOR, RECIBIDO], true)).toEqual([LABEL_IN_PROCESS]);
    expect(partsSituation([BORRADOR, RECIBIDO], false)).toEqual([]);
    expect(partsSituation([], true)).toEqual([]);
    expect(partsSituation([], false)).toEqual([]);
  });
});
