import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../api/client';
import { useConfirm } from '../dialogs/useConfirm';
import { useErrorDialog } from '../dialogs/useErrorDialog';
import { useToast } from '../toast/useToast';
import { markOwnWrite } from '../list/ownWrites';
import { CONFIRM_MESSAGES, MSG_ACTIVATED, MSG_DEACTIVATED, MSG_DELETED } from '@shared/messages';

type Action = 'enable' | 'disable' | 'remove';

const FALLBACK: Record<Action, string> = { enable: MSG_ACTIVATED, disable: MSG_DEACTIVATED, remove: MSG_DELETED };

/** Enable, disable and remove of the generic modal CRUD (`POST {endpoint}/enable|disable {id}`,
 * `GET {endpoint}/remove?id=`), each after its confirmation. Rules: success shows the server's
 * msg in a toast; a failure opens the error dialog with it; either way the given queries are
 * invalidated (the row may have changed meanwhile). Resolves true when the call succeeded. */
export function useRecordActions(endpoint: string, invalidate: QueryKey[]) {
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const queryClient = useQueryClient();
  // A stable key for the list of query keys, so callers may pass a new array on each render.
  const keys = JSON.stringify(invalidate);

  return useCallback(
    async (action: Action, id: number): Promise<boolean> => {
      if (!(await confirm({ message: CONFIRM_MESSAGES[action] }))) return false;
      markOwnWrite();
      const r = action === 'remove' ? await api.get(`${endpoint}/remove`, { id }) : await api.post(`${endpoint}/${action}`, { id });
      markOwnWrite(); // again: the echo may follow a slow reply
      if (r.envelope.ok) show(r.envelope.msg || FALLBACK[action], 'success');
      else await showError({ message: r.envelope.msg || undefined });
      await Promise.all((JSON.parse(keys) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return r.envelope.ok;
    },
    [confirm, endpoint, keys, queryClient, show, showError],
  );
}
