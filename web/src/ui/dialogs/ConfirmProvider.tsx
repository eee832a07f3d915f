import { useMemo, type ReactNode } from 'react';
import { ConfirmContext, type ConfirmApi, type ConfirmOptions } from './confirmContext';
import { ConfirmDialog } from './ConfirmDialog';
import { useDialogQueue } from './useDialogQueue';

/** Serves `useConfirm()`: one ConfirmDialog for the whole app, prompts answered in turn; a prompt
 * still open when the provider unmounts resolves false. Mounted by `DialogsProvider`. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const { open, prompt, ask, answer } = useDialogQueue<ConfirmOptions, boolean>(false);
  const api = useMemo<ConfirmApi>(() => ({ confirm: (options = {}) => ask(options) }), [ask]);
  const request = prompt?.request;
  return (
    <ConfirmContext.Provider value={api}>
      {children}
      <ConfirmDialog
        open={open}
        title={request?.title}
        message={request?.message}
        confirmLabel={request?.confirmLabel}
        cancelLabel={request?.cancelLabel}
        onConfirm={() => answer(prompt, true)}
        onCancel={() => answer(prompt, false)}
      />
    </ConfirmContext.Provider>
  );
}
