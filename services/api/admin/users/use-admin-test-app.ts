import { beforeAll } from 'vitest';
import { createEventStore, type EventStore } from '../../../../events/store';
import { inlineProjections } from '../../../../projections/registry';
import { sitesProjection } from '../../../../projections/sites';
import { useTestApi, type Reply, type TestApi } from '../../../../tests/harness/api';
import { loadSitesData } from '../../../demo/sites/loadSitesData';
import { createApp } from '../../app';
import { allRoutes } from '../../routes';
import { siteLookupRoutes } from '../sites/site-lookups';
import { userRoutes } from './user-routes';

type CallOptions = { token?: string; json?: unknown; query?: Record<string, string | number>; form?: FormData };

export type AdminTestApp = {
  api: TestApi;
  /** The store with the sites projection, as the product will have it once wired. */
  store: () => EventStore;
  call(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Reply>;
};

/** Tests only: until the users and sites routes and projection are wired into the shared route
 * table and registry, an app with them on the harness's database (demo data plus the demo sites). */
export function useAdminTestApp(): AdminTestApp {
  const api = useTestApi();
  let store: EventStore;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    // Once wired into the registry, the route table and the demo data, these add nothing twice.
    const wired = inlineProjections.some((p) => p.name === sitesProjection.name);
    store = createEventStore(api.sql, { inlineProjections: wired ? inlineProjections : [...inlineProjections, sitesProjection] });
    await loadSitesData(store);
    const shared = allRoutes();
    const mine = [...userRoutes(), ...siteLookupRoutes()].filter((r) => !shared.some((s) => s.method === r.method && s.path === r.path));
    app = createApp({ deps: { ...api.deps, store }, webDir: '/nonexistent', routes: [...shared, ...mine] });
  });
  return {
    api,
    store: () => store,
    async call(method, path, o = {}) {
      const headers: Record<string, string> = {};
      if (o.token) headers.authorization = `Bearer ${o.token}`;
      let body: BodyInit | undefined;
      if (o.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(o.json);
      } else if (o.form) body = o.form;
      const qs = o.query ? `?${new URLSearchParams(Object.entries(o.query).map(([k, v]) => [k, String(v)]))}` : '';
      const res = await app.request(`/api${path}${qs}`, { method, headers, body });
      const text = await res.text();
      let parsed: Reply['body'];
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { ok: false, msg: text, errors: {} };
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
