// The signed-in user's facts without React: the route guard (in the entry chunk) reads these, so
// the sign-in page does not load the query hooks.
import { fetchOk } from '../api/client';
import { accounts } from './accounts';
import { flattenMenu } from '../shell/flattenMenu';

import type { NavigationItem, SignedInUser as Me } from '@shared/contracts/auth';

/** The signed-in user of GET /me and a menu entry: the server's reply types (seed 000 §3;
 * services/api/auth/auth-contracts.ts). */
export type { Me, NavigationItem };

export const meKey = (accountId: number | null) => ['me', accountId] as const;

/** The query of an account's user: one key and fetch for the screens (useMe) and the route guard
 * (routes/_app.tsx), so a screen opened through the guard does not ask twice. */
export function meQuery(accountId: number | null) {
  return {
    queryKey: meKey(accountId),
    // With the token of the account the key names, never "the current one at fetch time": a
    // fetch started just as the user switched accounts would otherwise file one account's user
    // under the other's key (the toolbar then kept the previous name).
    queryFn: async () => {
      const token = accounts.list().find((a) => a.id === accountId)?.token;
      return (await fetchOk<{ user: Me }>('GET', '/me', undefined, undefined, token ? { authorization: `Bearer ${token}` } : undefined)).user;
    },
    staleTime: 60_000,
  };
}

/** The rights of a module (its url) for the current user: the `edit` flag gates 'Nuevo', row
 * edit and remove (seed 000 §6). */
export function moduleRights(me: Me | undefined, url: string): { see: boolean; edit: boolean } {
  if (!me) return { see: false, edit: false };
  const entry = flattenMenu(me.navigation).find(({ item }) => item.type === 'item' && item.url === url);
  return entry ? { see: true, edit: Boolean(entry.item.edit) } : { see: false, edit: false };
}
