import { useQuery } from '@tanstack/react-query';
import { fetchOk } from '../api/client';
import { accounts, useAccounts } from './accounts';

/** The signed-in user of GET /me and a menu entry: the server's reply types (seed 000 §3). */
import type { SignedInUser as Me } from '@api/auth/auth-contracts';

export type { Me };
export type { NavigationItem } from '@api/auth/auth-contracts';

export const meKey = (accountId: number | null) => ['me', accountId] as const;

/** The current account's user; refetched when the account changes or a live `access` topic says
 * profiles or modules changed. */
export function useMe() {
  const { current } = useAccounts();
  return useQuery({
    queryKey: meKey(current),
    queryFn: async () => (await fetchOk<{ user: Me }>('GET', '/me')).user,
    enabled: current !== null && accounts.token() !== null,
    staleTime: 60_000,
  });
}

/** The rights of a module (its url) for the current user: the `edit` flag gates 'Nuevo', row
 * edit and remove (seed 000 §6). */
export function moduleRights(me: Me | undefined, url: string): { see: boolean; edit: boolean } {
  if (!me) return { see: false, edit: false };
  for (const group of me.navigation) {
    for (const item of group.children ?? []) if (item.url === url) return { see: true, edit: Boolean(item.edit) };
  }
  return { see: false, edit: false };
}
