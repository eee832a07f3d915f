import { Transition } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { CloseButton } from '../dialogs/CloseButton';
import { ToastIcon } from './ToastIcon';
import type { ToastPosition, ToastVariant } from './toastContext';

export type ToastEntry = { id: number; message: string; variant: ToastVariant; position: ToastPosition; duration: number };

const ACCENT: Record<ToastVariant, string> = {
  success: 'border-s-emerald-600',
  warning: 'border-s-amber-500',
  error: 'border-s-red-600',
  info: 'border-s-sky-600',
};

/** One toast. Rules: it leaves after `duration` ms (never when 0 or less); the countdown pauses
 * while the pointer is over it or focus is inside it and resumes with the time left; the 'Cerrar'
 * button leaves at once; `onGone` runs after the leave transition. */
export function ToastItem({ toast, onGone }: { toast: ToastEntry; onGone(id: number): void }) {
  const [shown, setShown] = useState(true);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remaining = useRef(toast.duration);

  useEffect(() => {
    if (!shown || hovered || focused || toast.duration <= 0) return;
    const started = Date.now();
    const timer = window.setTimeout(() => setShown(false), Math.max(remaining.current, 0));
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [shown, hovered, focused, toast.duration]);

  const fromBottom = toast.position === 'bottom-right';
  return (
    <Transition show={shown} appear afterLeave={() => onGone(toast.id)}>
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
        className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border-s-4 bg-white py-3 ps-3 pe-2 text-start text-sm text-slate-800 shadow-lg ring-1 ring-slate-900/10 transition duration-200 ease-out data-closed:opacity-0 data-leave:duration-150 data-leave:ease-in ${
          fromBottom ? 'data-closed:translate-y-2' : 'data-closed:-translate-y-2'
        } ${ACCENT[toast.variant]}`}
      >
        <ToastIcon variant={toast.variant} />
        <p className="min-w-0 flex-1 py-0.5 break-words">{toast.message}</p>
        {/* A tap's click is cancelled by ToastProvider (so an open dialog does not take it as an
            outside click): close on touchend instead. */}
        <CloseButton size="sm" onClick={() => setShown(false)} onTouchEnd={() => setShown(false)} className="shrink-0" />
      </div>
    </Transition>
  );
}
