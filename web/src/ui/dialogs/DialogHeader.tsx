import { DialogTitle } from '@headlessui/react';
import { CloseButton } from './CloseButton';

/** The title bar of the equipment's view dialogs, with the machine it is about and a close button. */
export function DialogHeader({ title, subtitle, onClose }: { title: string; subtitle?: string; onClose(): void }) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-slate-200 py-4 ps-5 pe-3 sm:ps-6">
      <div className="min-w-0">
        <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
        {subtitle ? <p className="truncate text-sm text-slate-500">{subtitle}</p> : null}
      </div>
      <CloseButton onClick={onClose} />
    </div>
  );
}
