import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../tests/harness/db';
import { createEventStore } from '../../../events/store';
import { inlineProjections } from '../../../projections/registry';
import { writePurchaseRequests } from './loadPurchaseRequestsData';

// A clone of the demo data set (the global setup loaded it through loadDemoData).
const db = useTestDatabase({ demo: true });

describe('demo and scale purchase requests', () => {
  it('every story reaches its goal through the real deciders: every kind and state, many seeds in one command', async () => {
    const store = createEventStore(db.sql, { inlineProjections, notify: false });
    // The demo's own 40, with their SICAM pushes queued by the approvals (the stock chain's demo
    // records SICAM's answer for some of them: sent, their job then finds nothing to do).
    const [{ jobs }] = await db.sql<{ jobs: number }[]>`SELECT count(*)::int AS jobs FROM pgboss.job WHERE name = 'sicam-push'`;
    const [{ approved }] = await db.sql<{ approved: number }[]>`
      SELECT count(*)::int AS approved FROM rm_solicitudes_compras WHERE estado IN (5, 7) AND tipo <> 3 AND (sicam_estado = 'pendiente' OR enviado_sicam = 1)`;
    expect(jobs).toBe(approved);
    expect(jobs).toBeGreaterThan(0);
    // The request demo's 40; the site warehouse's demo raises its own (by the storekeeper).
    const keeper = db.sql`(SELECT id FROM rm_users WHERE id_role = 19 ORDER BY id LIMIT 1)`;
    const before = await db.sql<{ n: number; site: number }[]>`
      SELECT count(*) FILTER (WHERE id_supervisor IS DISTINCT FROM ${keeper})::int AS n, count(*) FILTER (WHERE id_supervisor = ${keeper})::int AS site FROM rm_solicitudes_compras`;
    expect(before[0].n).toBe(40);
    expect(before[0].site).toBeGreaterThan(0);
    await writePurchaseRequests(store, { count: 200, seed: 7, batch: 50 });
    const rows = await db.sql<{ tipo: number; estado: number; n: number }[]>`
      SELECT tipo::int, estado::int, count(*)::int AS n FROM rm_solicitudes_compras GROUP BY 1, 2 ORDER BY 1, 2`;
    const states = new Set(rows.map((r) => r.estado));
    for (const estado of [1, 2, 3, 4, 5, 6, 8]) expect(states, `estado ${estado}`).toContain(estado);
    expect(new Set(rows.map((r) => r.tipo))).toEqual(new Set([1, 2, 3]));
    expect(rows.reduce((s, r) => s + r.n, 0)).toBe(240 + before[0].site);
    // Codes are unique per site and kind.
    const [dupes] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM (SELECT codigo FROM rm_solicitudes_compras GROUP BY codigo HAVING count(*) > 1) d`;
    expect(dupes.n).toBe(0);
  }, 240_000);
});
