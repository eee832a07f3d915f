import { describe, expect, it } from 'vitest';
import { MTBF_STEP, siteAdditions, storyQuarters, storyUnitPrice } from './story-plan';

describe('the demo story plan', () => {
  it('four whole-month quarters ending with the current month', () => {
    expect(storyQuarters('2026-11-26')).toEqual([
      { from: '2025-12-01', to: '2026-02-28' },
      { from: '2026-03-01', to: '2026-05-31' },
      { from: '2026-06-01', to: '2026-08-31' },
      { from: '2026-09-01', to: '2026-11-30' },
    ]);
    expect(storyQuarters('2027-01-03')[0]).toEqual({ from: '2026-02-01', to: '2026-04-30' });
    expect(storyQuarters('2027-01-03')[3]).toEqual({ from: '2026-11-01', to: '2027-01-31' });
  });

  it('the site additions make the preventive share rise and the MTBF improve, adding orders only', () => {
    const cases = [
      [{ mp: 5, correctivas: 17, horas: 7614 }, { mp: 8, correctivas: 21, horas: 7755 }, { mp: 6, correctivas: 16, horas: 8042 }, { mp: 9, correctivas: 15, horas: 7526 }],
      // A site already mostly preventive at first, and a short last quarter.
      [{ mp: 20, correctivas: 10, horas: 5000 }, { mp: 3, correctivas: 30, horas: 5000 }, { mp: 0, correctivas: 5, horas: 5200 }, { mp: 1, correctivas: 9, horas: 2100 }],
    ];
    for (const quarters of cases) {
      const add = siteAdditions(quarters);
      expect(add.every((a) => a.mp >= 0 && a.correctivas >= 0)).toBe(true);
      const after = quarters.map((q, i) => ({ mp: q.mp + add[i].mp, c: q.correctivas + add[i].correctivas, horas: q.horas }));
      const share = after.map((q) => q.mp / (q.mp + q.c));
      const mtbf = after.map((q) => q.horas / q.c);
      for (let i = 1; i < 4; i++) {
        expect(share[i]).toBeGreaterThan(share[i - 1]);
        expect(mtbf[i]).toBeGreaterThan(mtbf[i - 1] * MTBF_STEP);
      }
      expect(share[0]).toBeGreaterThanOrEqual(0.2);
      expect(share[3]).toBeGreaterThanOrEqual(0.6);
    }
    // The first case worked out by hand: corrective 25, 22, 19, 15; preventive 7, 12, 19, 23.
    expect(siteAdditions(cases[0])).toEqual([{ mp: 2, correctivas: 8 }, { mp: 4, correctivas: 1 }, { mp: 13, correctivas: 3 }, { mp: 14, correctivas: 0 }]);
  });

  it('parts are priced by kind, fixed by their code', () => {
    expect(storyUnitPrice('KOM 6754-81-9440', 'Turbocompresor PC200-8')).toBeGreaterThanOrEqual(9_000);
    expect(storyUnitPrice('CAT 1R-0750', 'Filtro de combustible C7/C9')).toBeLessThanOrEqual(420);
    expect(storyUnitPrice('CAT 1R-0750', 'Filtro de combustible C7/C9')).toBe(storyUnitPrice('CAT 1R-0750', 'Filtro de combustible C7/C9'));
  });
});
