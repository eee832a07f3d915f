import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { ApiDeps } from './deps';
import { defaultReplyCheck, mountRoutes, type ReplyCheck } from './mount-routes';
import { defineRoute } from './route';

function appWith(check: ReplyCheck, payload: Record<string, unknown>) {
  const warnings: string[] = [];
  const log = { info() {}, warn: (m: string) => warnings.push(m), error() {} };
  const deps = { log, now: () => new Date() } as unknown as ApiDeps;
  const app = new Hono();
  const route = defineRoute({
    method: 'GET',
    path: '/probe',
    access: { kind: 'public' },
    summary: 'probe',
    output: v.object({ items: v.array(v.object({ id: v.number(), when: v.pipe(v.string(), v.isoTimestamp()) })) }),
    handler: async () => payload,
  });
  mountRoutes(app, [route], deps, check);
  return { app, warnings };
}

describe('the reply check of mountRoutes', () => {
  const good = { items: [{ id: 1, when: new Date('2026-01-02T03:04:05Z') }] };
  const bad = { items: [{ id: '1', when: new Date('2026-01-02T03:04:05Z') }] };

  it('passes a reply that matches its schema once serialised (a Date becomes ISO text)', async () => {
    const { app, warnings } = appWith('fail', good);
    const res = await app.request('/probe');
    expect(res.status).toBe(200);
    expect(warnings).toEqual([]);
  });

  it('fails with a 500 under tests, names nothing to the client, and logs the mismatch', async () => {
    const { app, warnings } = appWith('fail', bad);
    const res = await app.request('/probe');
    expect(res.status).toBe(500);
    expect((await res.json()).msg).toBe('Se produjo un error');
    expect(warnings).toEqual(['reply does not match its output schema']);
  });

  it('only logs in development and checks nothing in production', async () => {
    const dev = appWith('log', bad);
    expect((await dev.app.request('/probe')).status).toBe(200);
    expect(dev.warnings).toHaveLength(1);
    const prod = appWith('off', bad);
    expect((await prod.app.request('/probe')).status).toBe(200);
    expect(prod.warnings).toEqual([]);
    expect(defaultReplyCheck({ VITEST: 'true' })).toBe('fail');
    expect(defaultReplyCheck({ NODE_ENV: 'production' })).toBe('off');
    expect(defaultReplyCheck({})).toBe('off');
    expect(defaultReplyCheck({ NODE_ENV: 'development' })).toBe('log');
  });
});
