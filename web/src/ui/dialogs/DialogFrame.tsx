import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { QUIET_FOCUS_EVENT } from '../select/quietFocus';
import { useEffect, useMemo, useRef, type KeyboardEventHandler, type ReactNode, type RefObject } from 'react';
import { SECONDARY_BUTTON } from './buttonClasses';

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
  /** Once the dialog has fully closed: its leave transition over, its content gone from the page
   * and focus handed back to the opener. Not called when it reopens before the transition ends. */
  onClosed?(): void;
  children: ReactNode;
};

/** A form field a dialog can start on: enabled, not hidden, not under an inert (loading) part. */
const FIELD = 'input:not([type="hidden"]):not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"]';

/** Where focus starts in `panel`: the element marked `data-autofocus`, else its first visible
 * field; null when it has none (Headless UI then focuses the dialog itself). */
export function initialFocusTarget(panel: HTMLElement | null): HTMLElement | null {
  if (!panel) return null;
  const marked = panel.querySelector<HTMLElement>('[data-autofocus]:not([tabindex="-1"])');
  if (marked) return marked;
  for (const field of panel.querySelectorAll<HTMLElement>(FIELD)) {
    if (!field.closest('[inert]') && field.getClientRects().length > 0) return field;
  }
  return null;
}

/** Rendered inside the dialog: when Headless UI removes the dialog's content (the leave transition
 * is over, or the frame itself unmounts), calls `run` after Headless UI's own unmount work. That
 * work restores focus to the opener in a microtask queued by the same batch of effect cleanups;
 * two microtasks later it has surely run, whatever order the cleanups ran in. */
function AfterUnmount({ run }: { run?(): void }) {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  const gone = useRef(false);
  useEffect(() => {
    gone.current = false; // (StrictMode's rehearsal unmount is followed by this remount)
    return () => {
      gone.current = true;
      queueMicrotask(() =>
        queueMicrotask(() => {
          if (gone.current) latest.current?.();
        }),
      );
    };
  }, []);
  return null;
}

/** The shared modal shell: dimmed backdrop, a white rounded panel centered on screen, fade and
 * scale transitions. Rules: under 640 px the panel takes the full width (no side margin, square
 * corners); from 640 px it is capped by `size` (sm 28rem, md 32rem, lg 42rem, xl 56rem); a long
 * panel scrolls the overlay, not the page. Focus goes to the element marked `data-autofocus`, else
 * the first field (Headless UI 2 alone would focus the dialog container when nothing is marked),
 * and returns to the opener on close; `onClosed` follows that return, so focus moved by the caller
 * then stays where it put it. */
export function DialogFrame({ open, onClose, size = 'md', role = 'dialog', onKeyDown, onClosed, children }: Props) {
  const panel = useRef<HTMLDivElement>(null);
  // Read when the dialog opens: Headless UI takes `initialFocus` as a ref and reads `current` just
  // before focusing it. A select focused so does not pop its list open over the dialog.
  const initialFocus = useMemo<RefObject<HTMLElement | null>>(
    () => ({
      get current() {
        const target = initialFocusTarget(panel.current);
        target?.dispatchEvent(new Event(QUIET_FOCUS_EVENT));
        return target;
      },
    }),
    [],
  );
  return (
    <Dialog open={open} onClose={onClose} role={role} transition initialFocus={initialFocus} className="relative z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-200 ease-out data-closed:opacity-0 data-leave:duration-150 data-leave:ease-in" />
      <div className="fixed inset-0 w-screen overflow-y-auto">
        <div className="flex min-h-full items-center justify-center py-4 sm:p-6">
          <DialogPanel
            ref={panel}
            transition
            onKeyDown={onKeyDown}
            className={`relative w-full ${WIDTH[size]} rounded-none bg-white text-start text-slate-800 shadow-xl ring-1 ring-slate-900/5 transition duration-200 ease-out data-closed:translate-y-2 data-closed:opacity-0 data-leave:duration-150 data-leave:ease-in sm:rounded-lg sm:data-closed:translate-y-0 sm:data-closed:scale-95`}
          >
            {children}
            <AfterUnmount run={onClosed} />
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/** The footer of a dialog that only shows things (documents, plans, amortization): one 'Cerrar'
 * button at the end. */
export function CloseFooter({ onClose, disabled = false }: { onClose(): void; disabled?: boolean }) {
  return (
    <div className="flex justify-end rounded-b-lg border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
      <button type="button" className={SECONDARY_BUTTON} onClick={onClose} disabled={disabled}>
        Cerrar
      </button>
    </div>
  );
}
