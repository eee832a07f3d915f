import { Description, DialogTitle } from '@headlessui/react';
import { PRIMARY_BUTTON } from '../../ui/dialogs/buttonClasses';
import { DialogFrame } from '../../ui/dialogs/DialogFrame';

/** Seed 001 §4: a reply flagged is_new shows a notice titled 'Aviso' with the message. One
 * 'Aceptar' button (focused: Enter closes); Escape and the backdrop close too. */
export function NoticeDialog({ open, title = 'Aviso', message, onClose }: { open: boolean; title?: string; message: string; onClose(): void }) {
  return (
    <DialogFrame open={open} onClose={onClose} size="sm" role="alertdialog">
      <div className="flex items-start gap-4 px-5 pt-5 pb-4 sm:px-6 sm:pt-6">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-700" aria-hidden="true">
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-5">
            <path
              fillRule="evenodd"
              d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-7-4a1 1 0 1 1-2 0 1 1 0 0 1 2 0ZM9 9a.75.75 0 0 0 0 1.5h.253a.25.25 0 0 1 .244.304l-.459 2.066A1.75 1.75 0 0 0 10.747 15H11a.75.75 0 0 0 0-1.5h-.253a.25.25 0 0 1-.244-.304l.459-2.066A1.75 1.75 0 0 0 9.253 9H9Z"
              clipRule="evenodd"
            />
          </svg>
        </span>
        <div className="min-w-0 flex-1 pt-1">
          <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
          <Description className="mt-2 text-sm break-words whitespace-pre-line text-slate-600">{message}</Description>
        </div>
      </div>
      <div className="flex flex-col gap-2 rounded-b-lg bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
        <button type="button" className={PRIMARY_BUTTON} onClick={onClose} data-autofocus>
          Aceptar
        </button>
      </div>
    </DialogFrame>
  );
}
