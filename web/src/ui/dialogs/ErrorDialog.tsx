import { MessageDialog } from './MessageDialog';

const ERROR_TITLE = 'Se produjo un error';
const ERROR_MESSAGE = 'Por favor intente nuevamente o contacte a soporte.';

type Props = { open: boolean; title?: string; message?: string; onClose(): void };

/** An error notice with one 'Aceptar' button (usually opened through `useErrorDialog`); see
 * MessageDialog for its keys. Defaults: 'Se produjo un error', 'Por favor intente nuevamente o
 * contacte a soporte.' */
export function ErrorDialog({ open, title = ERROR_TITLE, message = ERROR_MESSAGE, onClose }: Props) {
  return <MessageDialog open={open} tone="error" title={title} message={message} onClose={onClose} />;
}
