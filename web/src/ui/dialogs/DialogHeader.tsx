import { DialogTitle } from '@headlessui/react';

/** The title bar of the equipment's view dialogs, with the machine it is about and a close button. */
export function DialogHeader({ title, subtitle, onClose }: { title: string; subtitle?: string; onClose(): void }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 py-4 ps-5 pe-3 sm:ps-6">
      <div className="min-w-0">
        <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
        {subtitle ? <p className="truncate text-sm text-slate-500">{subtitle}</p> : null}
      </div>
      <button
        type="button"
        aria-label="Cerrar"
        onClick={onClose}
        className="rounded-md p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
      >
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5">
          <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
        </svg>
      </button>
    </div>
  );
}
