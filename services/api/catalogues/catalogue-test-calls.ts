import { expect } from 'vitest';
import type { Reply, TestApi } from '../../../tests/harness/api';

// The calls the catalogue int tests make: a GET with a query or a POST with a body as a signed-in
// user, the reply's list, options and item, the check that a reply succeeded, and the number of
// recorded events (an unchanged count proves a refused command recorded nothing).

export type Row = Record<string, unknown>;
export type Option = { value: number; label: string } & Row;

/** `token()` is the default caller (read at each call: tests sign in in `beforeAll`). */
export function catalogueCalls(api: TestApi, token: () => string) {
  return {
    call: (method: 'GET' | 'POST', path: string, data?: Row, as = token()) =>
      method === 'GET' ? api.call('GET', path, { token: as, query: data as Record<string, string | number> }) : api.call('POST', path, { token: as, json: data ?? {} }),
    items: (r: Reply) => r.body.items as Row[],
    options: (r: Reply) => r.body.items as Option[],
    itemOf: (r: Reply) => r.body.item as Row & { id: number },
    expectOk(r: Reply) {
      expect(r.status, `${r.status} ${r.body.msg} ${JSON.stringify(r.body.errors)}`).toBe(200);
      expect(r.body.ok).toBe(true);
    },
    async eventCount() {
      const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
      return n as number;
    },
  };
}
