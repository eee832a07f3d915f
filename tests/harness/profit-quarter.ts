import type { profitFixture } from './profit-fixture';

/** The hand-computed quarter of the profitability tests (docs/modules/reports.md, "Rentabilidad"),
 * January-March 2023 on createProfitSite's machines: worked hours M1 Jan 10, Feb 8 + 9, Mar 12 and
 * M2 Jan 6, Feb 7, Mar 5; parts to an MP order of M1 in January (2 × 150), an MC order of M1 in
 * February (1 × 400) and an MCD order of M2 in March (3 × 50), their stock codes `{prefix}-A/B/C`. */
export async function seedProfitQuarter(fixture: ReturnType<typeof profitFixture>, ids: { m1: number; m2: number }, prefix: string): Promise<void> {
  const { openOrder, log, parts } = fixture;
  const hours = [[ids.m1, '2023-01-10', 10], [ids.m1, '2023-02-10', 8], [ids.m1, '2023-02-11', 9], [ids.m1, '2023-03-10', 12], [ids.m2, '2023-01-10', 6], [ids.m2, '2023-02-10', 7], [ids.m2, '2023-03-10', 5]] as const;
  for (const [m, f, w] of hours) await log(m, f, w);
  const ot1 = await openOrder(ids.m1, 1, '2023-01-05 08:00');
  const ot2 = await openOrder(ids.m1, 2, '2023-02-05 08:00');
  const ot3 = await openOrder(ids.m2, 3, '2023-03-05 08:00');
  await parts(`${prefix}-A`, 150, ot1, 2, '2023-01-06T15:00:00Z');
  await parts(`${prefix}-B`, 400, ot2, 1, '2023-02-06T15:00:00Z');
  await parts(`${prefix}-C`, 50, ot3, 3, '2023-03-06T15:00:00Z');
}
