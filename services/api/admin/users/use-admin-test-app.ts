import type { EventStore } from '../../../../events/store';
import { useTestApi, type Reply, type TestApi } from '../../../../tests/harness/api';

type CallOptions = NonNullable<Parameters<TestApi['call']>[2]>;

export type AdminTestApp = {
  api: TestApi;
  store: () => EventStore;
  call(method: 'GET' | 'POST', path: string, options?: CallOptions): Promise<Reply>;
};

/** Tests only: the harness's API, whose demo data includes the companies and sites. */
export function useAdminTestApp(): AdminTestApp {
  const api = useTestApi();
  return { api, store: () => api.store, call: (method, path, options) => api.call(method, path, options) };
}
