import { useMemo, type ReactNode } from 'react';
import { ErrorDialog } from './ErrorDialog';
import { ErrorDialogContext, type ErrorDialogApi, type ErrorDialogOptions } from './errorDialogContext';
import { useDialogQueue } from './useDialogQueue';

/** Serves `useErrorDialog()`: one ErrorDialog for the whole app, notices shown in turn. Mounted
 * by `DialogsProvider`. */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const { open, prompt, ask, answer } = useDialogQueue<ErrorDialogOptions, void>(undefined);
  const api = useMemo<ErrorDialogApi>(() => ({ showError: (options = {}) => ask(options) }), [ask]);
  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      <ErrorDialog open={open} title={prompt?.request.title} message={prompt?.request.message} onClose={() => answer(prompt, undefined)} />
    </ErrorDialogContext.Provider>
  );
}
