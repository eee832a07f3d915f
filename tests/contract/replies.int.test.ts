import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../services/api/routes';
import { useTestApi } from '../harness/api';

const api = useTestApi({ demo: 'full' });
const routes = allRoutes();

describe('walk', () => {
  it('dumps', async () => {
    const token = await api.login('root@faena.pe');
    const out: Record<string, unknown> = {};
    for (const r of routes) {
      if (r.path.includes(':') || r.path.endsWith('/export')) continue;
      const input = r.path.endsWith('/form') ? { id: 1 } : {};
      const res = r.method === 'POST' && !/form$/.test(r.path) ? null : await api.call(r.method, r.path, r.method === 'POST' ? { token, json: input } : { token, query: input as Record<string, string> });
      if (!res) continue;
      out[`${r.method} ${r.path}`] = { status: res.status, body: res.body };
    }
    writeFileSync('/tmp/cc/replies.json', JSON.stringify(out, null, 1));
    expect(Object.keys(out).length).toBeGreaterThan(10);
  });
});
