import { useEffect } from 'react';
import { ApiFailure, SESSION_EXPIRED } from '../../api/envelope';
import { useErrorDialog } from '../dialogs/useErrorDialog';

/** The title of the notice of a dropdown whose options did not load. */
export const OPTIONS_FAILED = 'No se pudieron cargar las opciones';

/** Failures already shown: a list cached for several dropdowns (every SelectLocal of one
 * endpoint shares it) or shown again on a remount opens one notice, not one per field. */
const shown = new WeakSet<Error>();

/** Seed 000 §8 ('Reply ok false: msg shown in an error dialog'): when a dropdown's options (or the
 * label of its value) fail to load, the app's error dialog opens with the server's msg (a network
 * failure: the dialog's default text); the open list then shows no error line. Rules: once per failure; a
 * 'session_expired' reply is left to the session's own dialog. */
export function useOptionsFailure(...errors: (Error | null | undefined)[]) {
  const { showError } = useErrorDialog();
  const error = errors.find((e): e is Error => e instanceof Error && !shown.has(e)) ?? null;
  useEffect(() => {
    if (!error || shown.has(error)) return;
    shown.add(error);
    if (error instanceof ApiFailure && error.envelope.msg === SESSION_EXPIRED) return;
    // A network failure (status 0) carries the browser's own text: the dialog's Spanish default.
    const network = error instanceof ApiFailure && error.status === 0;
    void showError({ title: OPTIONS_FAILED, message: network ? undefined : error.message });
  }, [error, showError]);
}
