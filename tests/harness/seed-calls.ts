import { expect } from 'vitest';
import type { TestApi } from './api';

/** One call a seed bullet names: method, path and the least input it implies. */
export type SeedCall = { method: 'GET' | 'POST'; path: string; input?: Record<string, unknown>; form?: boolean; multipart?: boolean };
/** A bullet of a seed's call list, quoted as the seed writes it, with its calls. */
export type SeedBullet = { seed: string; calls: () => SeedCall[] };

function send(api: TestApi, call: SeedCall, token: string) {
  if (call.method === 'GET') return api.call('GET', call.path, { token, query: (call.input ?? {}) as Record<string, string> });
  if (call.multipart) return api.call('POST', call.path, { token, form: new FormData() });
  if (call.form) return api.call('POST', call.path, { token, form: new URLSearchParams(Object.entries(call.input ?? {}).map(([k, v]) => [k, String(v)])) });
  return api.call('POST', call.path, { token, json: call.input ?? {} });
}

/** Every call of the bullets answers as `token`'s user: a route (not 404) and one of `statuses`
 * (never a server error). Returns the calls sent, `METHOD path`. */
export async function seedCallsAnswer(api: TestApi, bullets: SeedBullet[], token: string, statuses: number[]): Promise<string[]> {
  const seen: string[] = [];
  for (const bullet of bullets) {
    for (const call of bullet.calls()) {
      const r = await send(api, call, token);
      const what = `${call.method} ${call.path} (seed: "${bullet.seed.slice(0, 60)}…"): ${r.status} ${String(r.body?.msg ?? '')}`;
      expect(r.status, what).not.toBe(404);
      expect(statuses, what).toContain(r.status);
      seen.push(`${call.method} ${call.path}`);
    }
  }
  return seen;
}
