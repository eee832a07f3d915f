import { afterAll, beforeAll } from 'vitest';
import { solveCaptcha } from '../../services/api/auth/internal/captcha';
import { createApp } from '../../services/api/app';
import { createApiDeps } from '../../services/api/create-deps';
import { startApiServer, type ApiServer } from '../../services/api/server';
import { asyncProjections } from '../../projections/registry';
import { startProjector, type Projector } from '../../projections/runner';
import { createPublisher } from '../../services/shared/live';
import type { ApiDeps } from '../../services/api/platform/deps';
import { createBoss, type Boss } from '../../services/shared/boss';
import { createLogger } from '../../services/shared/logger';
import { DEMO_PASSWORD, loadAccessData } from '../../services/demo/access-data';
import { ensureQueues } from '../../services/worker/worker';
import { createTestDatabase, type TestDatabase } from './db';

export type Reply = { status: number; body: Record<string, unknown> & { ok: boolean; msg: string; errors: Record<string, string> }; headers: Headers };

export type TestApi = TestDatabase & {
  deps: ApiDeps;
  boss: Boss;
  /** In-process request to /api{path}. */
  /** `address`: the socket address the request seems to come from (in-process requests have no
   * socket; without it the server sees none). */
  call(method: 'GET' | 'POST', path: string, options?: { token?: string | null; json?: unknown; query?: Record<string, string | number>; form?: FormData | URLSearchParams; body?: string; headers?: Record<string, string>; address?: string }): Promise<Reply>;
  raw(method: 'GET' | 'POST', path: string, init?: RequestInit, address?: string): Promise<Response>;
  /** Signs in through the real captcha (of the size the account asks for) and password check;
   * returns the token. */
  login(email: string, password?: string, address?: string): Promise<string>;
  /** The captcha solution for a sign-in to `email` (the challenge asked with that username). */
  captcha(email?: string): Promise<string>;
  clock: { now: Date | null };
  /** With `live`: the same API on a real port with socket.io, and a projector publishing live topics. */
  server: ApiServer;
};

/** An API on its own test database with the demo data (menu, profiles, users, catalogues).
 * The clock can be moved (`api.clock.now = …`) to test expiry. With `live`, it also listens on a
 * port (sockets) and a projector publishes the live topics. */
export function useTestApi(options: { demo?: 'access' | 'full'; live?: boolean } = {}): TestApi {
  const handle = {} as TestApi;
  let drop: (() => Promise<void>) | undefined;
  let projector: Projector | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase({ demo: options.demo !== 'access' });
    drop = db.drop;
    const boss = createBoss(db.sql, { supervise: false });
    await boss.start();
    await ensureQueues(boss);
    if (options.demo === 'access') await loadAccessData(db.store, { kit: true });
    const clock: { now: Date | null } = { now: null };
    const deps = await createApiDeps({
      sql: db.sql,
      store: db.store,
      boss,
      log: createLogger({}, true),
      config: { dataDir: `/tmp/faena-test-${db.name}`, port: 0 },
      now: () => clock.now ?? new Date(),
    });
    const app = createApp({ deps, webDir: '/nonexistent' });
    if (options.live) {
      projector = await startProjector(db.sql, db.store, asyncProjections, { publish: createPublisher(db.sql), pollMs: 200 });
      handle.server = await startApiServer({ deps, webDir: '/nonexistent', port: 0, host: '127.0.0.1' });
    }
    const raw = (method: string, path: string, init: RequestInit = {}, address?: string) =>
      app.request(`/api${path}`, { method, ...init }, address ? { incoming: { socket: { remoteAddress: address } } } : undefined);
    Object.assign(handle, db, {
      deps,
      boss,
      clock,
      raw,
      async call(method: 'GET' | 'POST', path: string, o: Parameters<TestApi['call']>[2] = {}) {
        const headers: Record<string, string> = { ...o.headers };
        if (o.token) headers.authorization = `Bearer ${o.token}`;
        let body: BodyInit | undefined;
        if (o.json !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(o.json);
        } else if (o.form) body = o.form;
        else if (o.body !== undefined) body = o.body;
        const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}` : '';
        const res = await raw(method, `${path}${qs}`, { headers, body }, o.address);
        const text = await res.text();
        let parsed: Reply['body'];
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = { ok: false, msg: `not JSON: ${text.slice(0, 200)}`, errors: {} };
        }
        return { status: res.status, body: parsed, headers: res.headers };
      },
      async captcha(email?: string) {
        const challenge = (await handle.call('GET', '/auth/captcha', email ? { query: { username: email } } : {})).body.challenge as Parameters<typeof solveCaptcha>[0];
        return solveCaptcha(challenge);
      },
      async login(email: string, password = DEMO_PASSWORD, address?: string) {
        const token_captcha = await handle.captcha(email);
        const r = await handle.call('POST', '/auth/login', { json: { username: email, password, token_captcha, platform: 'test' }, address });
        if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${r.body.msg}`);
        return r.body.token as string;
      },
    });
  });
  afterAll(async () => {
    await handle.server?.close();
    await projector?.stop();
    await handle.boss?.stop({ graceful: false }).catch(() => {});
    await drop?.();
  });
  return handle;
}
