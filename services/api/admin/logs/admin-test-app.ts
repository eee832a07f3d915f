import type { EventStore } from '../../../../events/store';
import type { Reply, TestApi } from '../../../../tests/harness/api';

export type CallOptions = NonNullable<Parameters<TestApi['call']>[2]>;

export type AdminTestApp = {
  readonly store: EventStore;
  call(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Reply>;
  raw(method: 'GET' | 'POST', path: string, init?: RequestInit): Promise<Response>;
};

/** Tests only: the admin routes and projections are in the route table and the registry, so the
 * harness's API is the app these tests call. */
export function adminTestApp(api: TestApi): AdminTestApp {
  return {
    get store() {
      return api.store;
    },
    call: (method, path, options) => api.call(method, path, options),
    raw: (method, path, init) => api.raw(method, path, init),
  };
}
