import { describe, expect, it } from 'vitest';
import { availableToIssue } from '../../../events/work-order/decider';
import type { PartLine } from '../../../events/work-order/types';
import { useTestDatabase } from '../../../tests/harness/db';
import { AVAILABLE } from './site-issues';

// The issuable quantity has one definition, the work-order decider's `availableToIssue`; the site
// issues' list computes it in SQL over the read model's line (`AVAILABLE`). Seeded random lines
// (quantities of up to 4 decimals, some fields null or absent, as the read model holds them) must
// give the same figure both ways.

const db = useTestDatabase();

/** A small deterministic generator (mulberry32), so a failure names its case again. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function lineOf(next: () => number): Record<string, unknown> {
  const qty = () => {
    const r = next();
    if (r < 0.15) return 0;
    if (r < 0.6) return Math.floor(next() * 20);
    return Math.round(next() * 200_000) / 10_000;
  };
  const maybe = () => {
    const r = next();
    return r < 0.1 ? undefined : r < 0.2 ? null : qty();
  };
  const line: Record<string, unknown> = { cantidad_solicitada_por_tecnico: qty() };
  for (const field of ['cantidad_en_almacen_obra', 'cantidad_recibida', 'cantidad_salida']) {
    const value = maybe();
    if (value !== undefined) line[field] = value;
  }
  return line;
}

describe('the issuable quantity', () => {
  it('is the same in SQL (the issues list) as in the decider, for 200 seeded lines', async () => {
    const next = random(20261207);
    const lines = Array.from({ length: 200 }, () => lineOf(next));
    const rows = await db.sql.unsafe<{ i: number; available: number }[]>(`
      SELECT l.i::int, (${AVAILABLE})::float8 AS available
        FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS l(line, i) ORDER BY l.i`, [JSON.stringify(lines)]);
    const mismatches = rows
      .map((r) => ({ line: lines[r.i - 1], sql: r.available, decider: availableToIssue(lines[r.i - 1] as unknown as PartLine) }))
      .filter((c) => c.sql !== c.decider);
    expect(rows).toHaveLength(200);
    expect(mismatches).toEqual([]);
  });
});
