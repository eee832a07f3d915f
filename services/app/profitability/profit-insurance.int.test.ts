import { describe, expect, it } from 'vitest';
import { prng } from '../../demo/prng';
import { useTestDatabase } from '../../../tests/harness/db';
import { insuranceShares } from './profit-insurance';

const db = useTestDatabase();

describe('the profitability’s insurance share per month', () => {
  it('equals equipo_seguro_mes at the month’s last day for random costs, starts (29 February included) and months, asked in any order', async () => {
    const rng = prng(19);
    const cases: { anual: string; inicio: string; mes: string }[] = [];
    const starts = ['2024-02-29', '2023-01-01', '2023-12-31', '2022-03-15', '2025-07-01'];
    for (let i = 0; i < 400; i++) {
      const inicio = i < starts.length * 20 ? starts[i % starts.length] : new Date(Date.UTC(2021, 0, 1) + rng.int(0, 1800) * 86_400_000).toISOString().slice(0, 10);
      const anual = `${rng.int(0, 60_000)}.${String(rng.int(0, 99)).padStart(2, '0')}`;
      // Several months of one machine, shuffled, so a remembered year serves later months.
      for (let j = 0; j < 6; j++) {
        const month = rng.int(0, 72);
        cases.push({ anual, inicio, mes: `${2021 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}` });
      }
    }
    const expected = await db.sql<{ seguro: string }[]>`
      SELECT equipo_seguro_mes(c.anual::numeric, c.inicio::date, (to_date(c.mes, 'YYYY-MM') + interval '1 month' - interval '1 day')::date)::text AS seguro
        FROM json_to_recordset(${JSON.stringify(cases)}::text::json) AS c(anual text, inicio text, mes text)`;
    const share = insuranceShares();
    const got = cases.map((c) => share(c.anual, c.inicio, c.mes));
    expect(got).toEqual(expected.map((r) => Number(r.seguro)));
    expect(got.filter((x) => x > 0).length).toBeGreaterThan(1_000);
    expect(share(null, '2024-01-01', '2024-05')).toBe(0);
    expect(share('1200.00', null, '2024-05')).toBe(0);
  });
});
