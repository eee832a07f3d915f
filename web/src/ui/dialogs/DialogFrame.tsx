import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { KeyboardEventHandler, ReactNode } from 'react';

export type DialogSize = 'sm' | 'md' | 'lg' | 'xl';

const WIDTH: Record<DialogSize, string> = {
  sm: 'sm:max-w-md',
  md: 'sm:max-w-lg',
  lg: 'sm:max-w-2xl',
  xl: 'sm:max-w-4xl',
};

type Props = {
  open: boolean;
  /** Escape and a click on the backdrop. */
  onClose(): void;
  size?: DialogSize;
  /** 'alertdialog' for prompts that need an answer (confirm, error). */
  role?: 'dialog' | 'alertdialog';
  onKeyDown?: KeyboardEventHandler<HTMLDivElement>;
  children: ReactNode;
};

/** The shared modal shell: dimmed backdrop, a white rounded panel centered on screen, fade and
 * scale transitions. Rules: under 640 px the panel takes the full width (no side margin, square
 * corners); from 640 px it is capped by `size` (sm 28rem, md 32rem, lg 42rem, xl 56rem); a long
 * panel scrolls the overlay, not the page. Focus goes to the element marked `data-autofocus`, else
 * the first focusable one, and returns to the opener on close. */
export function DialogFrame({ open, onClose, size = 'md', role = 'dialog', onKeyDown, children }: Props) {
  return (
    <Dialog open={open} onClose={onClose} role={role} transition className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 ease-out data-closed:opacity-0 data-leave:duration-150 data-leave:ease-in" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-center justify-center py-4 sm:p-6">
          <DialogPanel
            transition
            onKeyDown={onKeyDown}
            className={`relative w-full ${WIDTH[size]} rounded-none bg-white text-start text-slate-800 shadow-xl ring-1 ring-slate-900/5 transition duration-200 ease-out data-closed:translate-y-2 data-closed:opacity-0 data-leave:duration-150 data-leave:ease-in sm:rounded-lg sm:data-closed:translate-y-0 sm:data-closed:scale-95`}
          >
            {children}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
