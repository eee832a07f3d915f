import { useContext } from 'react';
import { ErrorDialogContext, type ErrorDialogApi } from './errorDialogContext';

/** `const { showError } = useErrorDialog(); await showError({ message: envelope.msg })` — needs
 * `DialogsProvider` (or `ErrorDialogProvider`) above. */
export function useErrorDialog(): ErrorDialogApi {
  const api = useContext(ErrorDialogContext);
  if (!api) throw new Error('useErrorDialog() needs a <DialogsProvider> above it.');
  return api;
}
