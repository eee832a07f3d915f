import { Description, DialogTitle } from '@headlessui/react';
import { PRIMARY_BUTTON } from './buttonClasses';
import { DialogFrame } from './DialogFrame';

const TONES = {
  error: {
    badge: 'bg-red-100 text-red-600',
    icon: 'M8.485 2.495c.673-1.167 2.357-1.167 3.03 0l6.28 10.875c.673 1.167-.17 2.625-1.516 2.625H3.72c-1.347 0-2.189-1.458-1.515-2.625L8.485 2.495ZM10 5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 5Zm0 9a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
  info: {
    badge: 'bg-teal-100 text-teal-700',
    icon: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z',
  },
  question: {
    badge: 'bg-amber-100 text-amber-600',
    icon: 'M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0ZM8.94 6.94a.75.75 0 1 1-1.061-1.061 3 3 0 1 1 2.871 5.026v.345a.75.75 0 0 1-1.5 0v-.5c0-.72.57-1.172 1.081-1.287A1.5 1.5 0 1 0 8.94 6.94ZM10 15a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  },
} as const;

type Tone = keyof typeof TONES;

/** The body of a prompt (this notice, the confirmation): the tone's badge, the title and the
 * message; `preLine` keeps the message's line breaks (a server's text). */
export function PromptBody({ tone, title, message, preLine = false }: { tone: Tone; title: string; message: string; preLine?: boolean }) {
  const t = TONES[tone];
  return (
    <div className="flex items-start gap-4 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
      <span className={`flex size-10 shrink-0 items-center justify-center rounded-full ${t.badge}`} aria-hidden="true">
        <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
          <path fillRule="evenodd" d={t.icon} clipRule="evenodd" />
        </svg>
      </span>
      <div className="min-w-0 flex-1 pt-1">
        <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
        <Description className={`mt-2 text-sm text-slate-600 ${preLine ? 'break-words whitespace-pre-line' : ''}`}>{message}</Description>
      </div>
    </div>
  );
}

type Props = {
  open: boolean;
  tone: Exclude<Tone, 'question'>;
  title: string;
  message: string;
  onClose(): void;
  /** The dialog has fully closed and focus is back on its opener (DialogFrame's `onClosed`). */
  onClosed?(): void;
};

/** A message with one 'Aceptar' button: an error (ErrorDialog) or a notice such as the work
 * order's 'Aviso'. Rules: 'Aceptar', Escape and a backdrop click all close it; 'Aceptar' has focus
 * on open, so Enter closes it; announced as an alert dialog. */
export function MessageDialog({ open, tone, title, message, onClose, onClosed }: Props) {
  return (
    <DialogFrame open={open} onClose={onClose} onClosed={onClosed} size="sm" role="alertdialog">
      <PromptBody tone={tone} title={title} message={message} preLine />
      <div className="flex flex-col gap-2 rounded-b-lg bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className={PRIMARY_BUTTON} onClick={onClose} data-autofocus>
          Aceptar
        </button>
      </div>
    </DialogFrame>
  );
}
