import { createEventStore, type EventStore } from '../../../../events/store';
import { legalProjection, settingsProjection } from '../../../../projections/admin-content';
import { inlineProjections } from '../../../../projections/registry';
import type { Reply, TestApi } from '../../../../tests/harness/api';
import { createApp } from '../../app';
import type { AnyRoute } from '../../platform/route';
import { allRoutes } from '../../routes';
import { historyRoutes } from '../history/history-routes';
import { legalRoutes } from '../legal/legal-routes';
import { settingsRoutes } from '../settings/settings-routes';
import { logRoutes } from './log-routes';

export type CallOptions = {
  token?: string | null;
  json?: unknown;
  query?: Record<string, string | number>;
  form?: FormData;
  body?: string;
  headers?: Record<string, string>;
};

export type AdminTestApp = {
  /** A store with the product's inline projections plus the admin content ones. */
  readonly store: EventStore;
  call(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Reply>;
  raw(method: 'GET' | 'POST', path: string, init?: RequestInit): Promise<Response>;
};

/** Tests only: the API with the admin routes and projections added, as the wiring into
 * services/api/routes.ts and projections/registry.ts will make it, on the harness's database.
 * Built on first use (the harness opens its database in beforeAll). */
export function adminTestApp(api: TestApi): AdminTestApp {
  let built: { store: EventStore; app: ReturnType<typeof createApp> } | null = null;
  const get = () => {
    if (!built) {
      // Once the wiring lands, the registry and the route table already hold these: add only what
      // is missing, so nothing runs twice.
      const projections = [...inlineProjections];
      for (const p of [legalProjection, settingsProjection]) if (!projections.some((x) => x.name === p.name)) projections.push(p);
      const routes = allRoutes();
      const key = (r: AnyRoute) => `${r.method} ${r.path}`;
      const known = new Set(routes.map(key));
      for (const r of [...logRoutes(), ...historyRoutes(), ...legalRoutes(), ...settingsRoutes()]) if (!known.has(key(r))) routes.push(r);
      const store = createEventStore(api.sql, { inlineProjections: projections });
      const app = createApp({ deps: { ...api.deps, store }, webDir: '/nonexistent', routes });
      built = { store, app };
    }
    return built;
  };
  const raw = (method: 'GET' | 'POST', path: string, init: RequestInit = {}) => Promise.resolve(get().app.request(`/api${path}`, { method, ...init }));
  return {
    get store() {
      return get().store;
    },
    raw,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: BodyInit | undefined;
      if (o.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(o.json);
      } else if (o.form) body = o.form;
      else if (o.body !== undefined) body = o.body;
      const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}` : '';
      const res = await raw(method, `${path}${qs}`, { headers, body });
      const text = await res.text();
      let parsed: Reply['body'];
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { ok: false, msg: `not JSON: ${text.slice(0, 200)}`, errors: {} };
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
