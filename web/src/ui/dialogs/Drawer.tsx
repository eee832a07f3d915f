import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Icon } from '../../shell/icons';

type Props = {
  open: boolean;
  onClose(): void;
  title: string;
  /** A Material icon name shown before the title. */
  icon: string;
  /** A line under the title (what the panel is about). */
  subtitle?: string;
  /** Header content before the close button (a 'Guardando…' status). */
  status?: ReactNode;
  /** The close button's accessible name ('Cerrar historial'). */
  closeLabel: string;
  width?: 'sm' | 'lg';
  /** The scrolling body's own classes (padding, spacing). */
  bodyClassName?: string;
  /** A bar under the body, always in view. */
  footer?: ReactNode;
  children: ReactNode;
};

/** A side panel over the page (notifications, theme settings, a record's history): it slides in
 * from the end side (the start side under RTL), the header keeps its icon, title and close button
 * in view, and the body scrolls. Escape and a click on the dimmed page close it. */
export function Drawer({ open, onClose, title, icon, subtitle, status, closeLabel, width = 'sm', bodyClassName = '', footer, children }: Props) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-950/40 transition-opacity duration-300 data-closed:opacity-0" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel
          transition
          className={`flex h-full w-full ${width === 'lg' ? 'max-w-lg' : 'max-w-sm'} flex-col bg-white text-slate-800 shadow-2xl transition-transform duration-300 ease-out data-closed:translate-x-full rtl:data-closed:-translate-x-full`}
        >
          <div className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 px-5">
            <Icon name={icon} className="size-5 text-teal-600" />
            <div className="min-w-0 flex-1">
              <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
              {subtitle ? (
                <p className="truncate text-xs text-slate-500" title={subtitle}>
                  {subtitle}
                </p>
              ) : null}
            </div>
            {status}
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              <Icon name="close" />
            </button>
          </div>
          {/* Focusable so the keyboard can scroll a long body (axe scrollable-region-focusable). */}
          <div tabIndex={0} role="region" aria-label={title} className={`faena-scroll-light min-h-0 flex-1 overflow-y-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 ${bodyClassName}`}>
            {children}
          </div>
          {footer ? <div className="border-t border-slate-200 px-5 py-4">{footer}</div> : null}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
