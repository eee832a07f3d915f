import { describe, expect, it } from 'vitest';
import { addDays, forecastPm, usageInWindow, usageWindow } from './pm-forecast';

// 10:00 in Lima on 2026-03-20: the business day is 2026-03-20 whatever the server's zone.
const NOW = new Date('2026-03-20T15:00:00Z');
/** One 10-hour day shift on each of the last `days` days. */
const daily = (hours: number, days: number) => Array.from({ length: days }, (_, i) => ({ fecha: addDays('2026-03-20', -1 - i), horas: hours }));

describe('forecastPm (issue 20 acceptance)', () => {
  it('used 10 h a day, last service at 1,000 h, interval 250 h, meter now 1,180 → due in 7 days', () => {
    const usoVentana = usageInWindow(daily(10, 30), NOW);
    expect(usoVentana).toBe(300);
    const f = forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: 1000, ultimaFecha: '2026-02-01', actual: 1180, usoVentana }, NOW);
    expect(f).toEqual({ venceEn: 1250, restante: 70, usoDiario: 10, dias: 7, fecha: '2026-03-27', estado: 'proximo_7', nota: null });
  });

  it('no logs in 30 days → "sin uso reciente", never a division by zero', () => {
    const old = [{ fecha: '2026-02-10', horas: 10 }, { fecha: '2026-02-17', horas: 9 }];
    expect(usageInWindow(old, NOW)).toBe(0);
    for (const usoVentana of [0, null]) {
      const f = forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: 1000, ultimaFecha: null, actual: 1180, usoVentana }, NOW);
      expect(f).toEqual({ venceEn: 1250, restante: 70, usoDiario: null, dias: null, fecha: null, estado: 'sin_uso', nota: 'sin uso reciente' });
      expect(Object.values(f).some((x) => typeof x === 'number' && !Number.isFinite(x))).toBe(false);
    }
  });

  it('a plan past its meter is overdue even without recent use; with use, the date is when it fell due', () => {
    const idle = forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: 1000, ultimaFecha: null, actual: 1260, usoVentana: 0 }, NOW);
    expect(idle).toMatchObject({ restante: -10, estado: 'vencido', fecha: null, nota: 'sin uso reciente' });
    const used = forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: 1000, ultimaFecha: null, actual: 1270, usoVentana: 300 }, NOW);
    expect(used).toMatchObject({ restante: -20, dias: -2, fecha: '2026-03-18', estado: 'vencido' });
    const exactly = forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: 1000, ultimaFecha: null, actual: 1250, usoVentana: 300 }, NOW);
    expect(exactly).toMatchObject({ restante: 0, dias: 0, fecha: '2026-03-20', estado: 'vencido' });
  });

  it('bands: within 7 days, within 30 days, later; the forecast follows the measured use', () => {
    const at = (actual: number, usoVentana: number) => forecastPm({ unidad: 'horas', intervalo: 2000, ultimoValor: 0, ultimaFecha: null, actual, usoVentana }, NOW);
    expect(at(1950, 300)).toMatchObject({ dias: 5, estado: 'proximo_7' });
    expect(at(1800, 300)).toMatchObject({ dias: 20, estado: 'proximo_30' });
    expect(at(1000, 300)).toMatchObject({ dias: 100, estado: 'al_dia', fecha: '2026-06-28' });
    // Half the use: twice the days (recomputed as logs arrive).
    expect(at(1800, 150)).toMatchObject({ dias: 40, estado: 'al_dia' });
    // A fraction of a day counts as a whole one: 7.3 h/day for 70 h → 9.6 → 10 days.
    expect(at(1930, 219)).toMatchObject({ usoDiario: 7.3, dias: 10 });
  });

  it('without a recorded service the plan counts from the last multiple of its interval', () => {
    expect(forecastPm({ unidad: 'horas', intervalo: 250, ultimoValor: null, ultimaFecha: null, actual: 1180, usoVentana: 300 }, NOW)).toMatchObject({ venceEn: 1250, dias: 7 });
    expect(forecastPm({ unidad: 'km', intervalo: 10_000, ultimoValor: null, ultimaFecha: null, actual: 15_230, usoVentana: null }, NOW)).toMatchObject({
      venceEn: 20_000, restante: 4770, estado: 'sin_uso',
    });
  });

  it('plans by days fall due on the last service + the interval', () => {
    expect(forecastPm({ unidad: 'dias', intervalo: 90, ultimoValor: null, ultimaFecha: '2026-01-01', actual: 0, usoVentana: null }, NOW)).toEqual({
      venceEn: null, restante: 12, usoDiario: null, dias: 12, fecha: '2026-04-01', estado: 'proximo_30', nota: null,
    });
    expect(forecastPm({ unidad: 'dias', intervalo: 30, ultimoValor: null, ultimaFecha: '2026-02-01', actual: 0, usoVentana: null }, NOW)).toMatchObject({ dias: -17, estado: 'vencido' });
  });

  it('the usage window is the 30 complete days before today, in the business zone', () => {
    expect(usageWindow(NOW)).toEqual({ desde: '2026-02-18', hasta: '2026-03-19' });
    // 03:00 UTC on the 21st is still the 20th in Lima.
    expect(usageWindow(new Date('2026-03-21T03:00:00Z'))).toEqual({ desde: '2026-02-18', hasta: '2026-03-19' });
    expect(usageInWindow([{ fecha: '2026-03-20', horas: 8 }, { fecha: '2026-02-17', horas: 8 }, { fecha: '2026-02-18', horas: 5 }], NOW)).toBe(5);
  });
});
