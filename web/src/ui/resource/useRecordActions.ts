import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Reply } from '../../api/client';
import { CONFIRM_MESSAGES } from '@shared/messages';
import type { ConfirmOptions } from '../dialogs/useConfirm';
import { useConfirm } from '../dialogs/useConfirm';
import { useErrorDialog } from '../dialogs/useErrorDialog';
import { MSG_ACTION_DONE, MSG_ACTIVATED, MSG_DEACTIVATED, MSG_DELETED } from '@shared/messages';
import { useToast } from '../toast/useToast';
import type { RecordAction, WriteCall, WriteTarget } from './defineResource';
import { useWrite } from './useWrite';
import { AVISO, okNotice } from './okNotice';

const DONE: Record<RecordAction, string> = { enable: MSG_ACTIVATED, disable: MSG_DEACTIVATED, remove: MSG_DELETED };

/** A row action: the call, the question asked first (none: no question), the toast when the
 * server's reply has no msg, and what to do with an ok reply. A question with a `prompt` (a
 * reason) hands the text typed to `call`: `call: (motivo) => ({ path, body: { id, motivo } })`. */
export type ActionStep = {
  call: WriteCall | ((text: string) => WriteCall);
  confirm?: ConfirmOptions;
  done?: string;
  onOk?(reply: Reply): void | Promise<void>;
  /** A reply flagged is_new shows its msg in the info dialog 'Aviso' instead of the toast (okNotice). */
  aviso?: boolean;
};

/** Row actions through the one write path (useWrite: Idempotency-Key, correlation id). Rules:
 * each asks its question first and stops on 'Cancelar'; success shows the server's msg (or the
 * spec's default) in a toast; a refusal opens the error dialog with it; either way the resource's
 * queries are invalidated (the row may have changed meanwhile). `act(action, id)` is the generic
 * CRUD's enable / disable / remove; `run(step)` any other (close a session, cancel an order).
 * Both resolve true when the call succeeded. */
export function useRecordActions(resource: WriteTarget) {
  const { ask } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const queryClient = useQueryClient();
  const { write } = useWrite(resource.invalidates);
  const keys = JSON.stringify(resource.invalidates);

  const run = useCallback(
    async ({ call, confirm: question, done = MSG_ACTION_DONE, onOk, aviso }: ActionStep): Promise<boolean> => {
      let text = '';
      if (question) {
        const answer = await ask(question);
        if (answer === null) return false;
        text = answer;
      }
      const reply = await write(typeof call === 'function' ? call(text) : call);
      if (reply.envelope.ok) {
        const notice = okNotice(reply.envelope, done, aviso);
        if (notice.kind === 'aviso') void showError({ tone: 'info', title: AVISO, message: notice.message });
        else show(notice.message, 'success');
        await onOk?.(reply);
        return true;
      }
      await Promise.all((JSON.parse(keys) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      await showError({ message: reply.envelope.msg || undefined });
      return false;
    },
    [ask, keys, queryClient, show, showError, write],
  );

  const act = useCallback(
    (action: RecordAction, id: number) => run({ call: resource.calls.action(action, id), confirm: { message: CONFIRM_MESSAGES[action] }, done: DONE[action] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [run, resource.path],
  );

  return { act, run };
}
