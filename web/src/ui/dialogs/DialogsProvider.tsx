import type { ReactNode } from 'react';
import { ConfirmProvider } from './useConfirm';
import { ErrorDialogProvider } from './useErrorDialog';

/** Both app-wide prompts, `useConfirm()` and `useErrorDialog()`; mount once at the app root
 * (inside `ToastProvider`). Whichever dialog opens last shows on top (a confirmation asked by a
 * FormDialog covers the form). */
export function DialogsProvider({ children }: { children: ReactNode }) {
  return (
    <ConfirmProvider>
      <ErrorDialogProvider>{children}</ErrorDialogProvider>
    </ConfirmProvider>
  );
}
