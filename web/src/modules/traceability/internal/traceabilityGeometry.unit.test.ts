import { describe, expect, it } from 'vitest';
import type { MilestoneStats, OrderMilestone } from '@shared/contracts/traceability';
import { MILESTONES } from '@shared/contracts/traceability';
import { toggleSeries } from './displayOptions';
import { ganttBars } from './ganttBars';
import { ganttTicks } from './ganttTicks';
import { missingForSearch } from './searchRules';
import { timelineRows } from './timelineRows';
import { timelineScale } from './timelineScale';

const stats = (n: number, min: number, promedio: number, max: number): MilestoneStats => ({
  id: MILESTONES[n - 1].id, n, nombre: MILESTONES[n - 1].nombre, data: { min, promedio, max, mediana: promedio, p90: max }, conteo: 3,
});

describe('the Gantt axis (seed 002 §9: 16 markers, 15 intervals)', () => {
  it.each([
    [15, 1], [100, 8], [7.5, 0.5], [1234.56, 100], [0.2, 0.015], [30, 2], [31, 2.5],
  ])('over [0, %s] steps by %s and reaches it', (max, step) => {
    const ticks = ganttTicks(max);
    expect(ticks).toHaveLength(16);
    expect(ticks[0]).toBe(0);
    expect(ticks[1]).toBeCloseTo(step, 10);
    expect(ticks[15]).toBeGreaterThanOrEqual(max);
    // Never more than a quarter past the longest bar.
    expect(ticks[15]).toBeLessThanOrEqual(max * 1.25 + 1e-9);
  });

  it('without data runs 0 to 15 hours', () => {
    expect(ganttTicks(0)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
    expect(ganttTicks(Number.NaN)[15]).toBe(15);
  });
});

describe('the Gantt bars', () => {
  const items = [stats(1, 0, 0, 0), stats(2, 2.5, 4.17, 6), stats(5, 1, 2, 3.5)];

  it('chain each series: a bar starts where the same series ended on the previous milestone; the totals are the cards', () => {
    const { rows, totals, max } = ganttBars(items, ['min', 'promedio', 'max']);
    expect(rows[2].bars).toEqual([
      { series: 'min', start: 2.5, end: 3.5, hours: 1 },
      { series: 'promedio', start: 4.17, end: 6.17, hours: 2 },
      { series: 'max', start: 6, end: 9.5, hours: 3.5 },
    ]);
    expect(totals).toEqual({ min: 3.5, promedio: 6.17, max: 9.5 });
    expect(max).toBe(9.5);
  });

  it('a hidden series draws no bar and the axis reaches the longest shown one', () => {
    const { rows, totals, max } = ganttBars(items, ['min', 'promedio']);
    expect(rows[1].bars.map((b) => b.series)).toEqual(['min', 'promedio']);
    expect(totals.max).toBe(9.5);
    expect(max).toBe(6.17);
  });
});

describe('the display options (seed 002 §4: at least one stays on)', () => {
  it('switch off and on in the chart order; the last one cannot be switched off', () => {
    expect(toggleSeries(['min', 'promedio', 'max'], 'promedio')).toEqual(['min', 'max']);
    expect(toggleSeries(['max'], 'min')).toEqual(['min', 'max']);
    expect(toggleSeries(['promedio'], 'promedio')).toEqual(['promedio']);
  });
});

describe('the search rules (seed 002 §5)', () => {
  const ok = { date_from: '2026-01-01', date_to: '2026-01-31', groups: 1, cerradas: true, abiertas: false };
  it('need both dates, then a group and a state', () => {
    expect(missingForSearch(ok)).toBeNull();
    expect(missingForSearch({ ...ok, date_to: undefined })).toBe('Seleccione un rango de fechas primero');
    expect(missingForSearch({ ...ok, groups: 0 })).toBe('Seleccione al menos un grupo funcional');
    expect(missingForSearch({ ...ok, cerradas: false })).toBe('Seleccione al menos un estado');
  });
});

describe('the order timeline scale (seed 002 §9: 70 px per tick, 1 to 6 ticks)', () => {
  it.each([
    [0, 15, 1], [10, 15, 1], [150, 30, 5], [600, 2 * 60, 5], [1440 + 1, 6 * 60, 5], [3 * 1440, 12 * 60, 6], [40 * 1440, 7 * 1440, 6], [400 * 1440, 3 * 43200, 5],
  ])('%s minutes: a tick of %s minutes, %s ticks', (total, unit, ticks) => {
    const s = timelineScale(total);
    expect(s.unit).toBe(unit);
    expect(s.ticks).toBe(ticks);
    expect(s.width).toBe(ticks * 70);
    expect(s.unit * s.ticks).toBeGreaterThanOrEqual(total);
    expect(s.px(s.unit)).toBe(70);
  });

  it('never more than 6 ticks, even past six years', () => {
    const s = timelineScale(10 * 12 * 43200);
    expect(s.ticks).toBe(6);
    expect(s.px(10 * 12 * 43200)).toBeLessThanOrEqual(s.width);
  });
});

describe('the order timeline rows', () => {
  const at = (n: number, fecha: string | null, fecha_anterior: string | null, duration: number): OrderMilestone => ({
    id: MILESTONES[n - 1].id, n, nombre: MILESTONES[n - 1].nombre, fecha, fecha_anterior, ultima: fecha, veces: fecha ? 1 : 0, duration, duration_show: '', dias: 0, meses: 0,
  });
  const compra = MILESTONES.map((m) => at(m.n, null, null, 0));
  compra[0] = at(1, '2026-03-02T13:00:00.000Z', null, 0);
  compra[1] = at(2, '2026-03-02T15:30:00.000Z', '2026-03-02T13:00:00.000Z', 150);
  compra[4] = at(5, '2026-03-03T14:15:30.000Z', '2026-03-02T15:30:00.000Z', 1366);

  it('a compra order shows 14 milestones: 6, 8, 10 and 12 are left out, the unreached greyed', () => {
    const { rows, span } = timelineRows(compra, 'compra');
    expect(rows.map((r) => r.milestone.n)).toEqual([1, 2, 3, 4, 5, 7, 9, 11, 13, 14, 15, 16, 17, 18]);
    expect(rows.filter((r) => r.state === 'reached').map((r) => r.milestone.n)).toEqual([1, 2, 5]);
    expect(rows[1]).toMatchObject({ state: 'reached', start: 0, end: 150 });
    expect(rows[4]).toMatchObject({ state: 'reached', start: 150, end: 1516 });
    expect(span).toBe(1516);
  });

  it('a servicio order leaves out 5, 7, 9 and 11; an order without a request keeps 5-12 only when reached', () => {
    expect(timelineRows(compra.map((m) => (m.n === 5 ? at(5, null, null, 0) : m)), 'servicio').rows.map((r) => r.milestone.n)).toEqual([1, 2, 3, 4, 6, 8, 10, 12, 13, 14, 15, 16, 17, 18]);
    expect(timelineRows(compra, null).rows.map((r) => r.milestone.n)).toEqual([1, 2, 3, 4, 5, 13, 14, 15, 16, 17, 18]);
  });
});
