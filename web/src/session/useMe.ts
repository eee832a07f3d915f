import { useQuery } from '@tanstack/react-query';
import { accounts, useAccounts } from './accounts';
import { meQuery } from './me';

export { meKey, meQuery, moduleRights, type Me, type NavigationItem } from './me';

/** The current account's user; refetched when the account changes or a live `access` topic says
 * profiles or modules changed. */
export function useMe() {
  const { current } = useAccounts();
  return useQuery({ ...meQuery(current), enabled: current !== null && accounts.token() !== null });
}
