import { createContext, useMemo, type ReactNode } from 'react';
import { MessageDialog } from './MessageDialog';
import { useDialogApi, useDialogQueue } from './useDialogQueue';

// The error notice: its dialog, the provider that serves it app-wide, and the hook.

/** `tone: 'info'` makes it a notice that is not an error (the 'Aviso' of an is_new reply). */
export type ErrorDialogOptions = { title?: string; message?: string; tone?: 'error' | 'info' };
export type ErrorDialogApi = {
  /** Resolves once the user has closed the notice ('Aceptar', Escape or a backdrop click) and the
   * dialog has left the screen, focus back on the element that had it before. */
  showError(options?: ErrorDialogOptions): Promise<void>;
};

const ErrorDialogContext = createContext<ErrorDialogApi | null>(null);

const ERROR_TITLE = 'Se produjo un error';
const ERROR_MESSAGE = 'Por favor intente nuevamente o contacte a soporte.';

type Props = { open: boolean; title?: string; message?: string; tone?: 'error' | 'info'; onClose(): void; onClosed?(): void };

/** An error notice with one 'Aceptar' button (usually opened through `useErrorDialog`); see
 * MessageDialog for its keys. Defaults: 'Se produjo un error', 'Por favor intente nuevamente o
 * contacte a soporte.' */
export function ErrorDialog({ open, title = ERROR_TITLE, message = ERROR_MESSAGE, tone = 'error', onClose, onClosed }: Props) {
  return <MessageDialog open={open} tone={tone} title={title} message={message} onClose={onClose} onClosed={onClosed} />;
}

/** Serves `useErrorDialog()`: one ErrorDialog for the whole app, notices shown in turn, each
 * resolved once its dialog has closed (see `useDialogQueue`). Mounted by `DialogsProvider`. */
export function ErrorDialogProvider({ children }: { children: ReactNode }) {
  const { open, prompt, ask, answer, closed } = useDialogQueue<ErrorDialogOptions, void>(undefined);
  const api = useMemo<ErrorDialogApi>(() => ({ showError: (options = {}) => ask(options) }), [ask]);
  return (
    <ErrorDialogContext.Provider value={api}>
      {children}
      <ErrorDialog
        open={open}
        title={prompt?.request.title}
        message={prompt?.request.message}
        tone={prompt?.request.tone}
        onClose={() => answer(prompt, undefined)}
        onClosed={closed}
      />
    </ErrorDialogContext.Provider>
  );
}

/** `const { showError } = useErrorDialog(); await showError({ message: envelope.msg })` — needs
 * `DialogsProvider` (or `ErrorDialogProvider`) above. */
export function useErrorDialog(): ErrorDialogApi {
  return useDialogApi(ErrorDialogContext, 'useErrorDialog()');
}
