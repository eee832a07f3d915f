import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { playBeep } from './playBeep';
import { ToastItem, type ToastEntry } from './ToastItem';
import { NOTIFICATION_TOAST_DURATION, TOAST_DURATION, ToastContext, type ToastApi } from './toastContext';

/** At most this many toasts per position; a new one pushes the oldest out. */
const MAX_PER_POSITION = 5;

/** Holds the toasts and renders them; mount once at the app root around everything that calls
 * `useToast()`. Rules:
 * - defaults: variant 'success', position 'top' (top-center), 6000 ms; 'bottom-right' is for
 *   notification toasts and defaults to 30000 ms;
 * - toasts stack in arrival order, newest nearest the screen edge at the bottom, oldest first at
 *   the top;
 * - the stacks live in their own element under <body>, outside the app root and the Headless UI
 *   portal root, so an open modal dialog neither makes them inert nor closes on a click on them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [host, setHost] = useState<HTMLDivElement | null>(null);
  const nextId = useRef(1);

  useEffect(() => {
    const element = document.createElement('div');
    element.dataset.toasts = '';
    document.body.appendChild(element);
    setHost(element);
    // Headless UI closes an open dialog on a pointerup/touchend outside it unless the event was
    // default-prevented; this capture listener on window runs before its document listener.
    const keep = (event: Event) => {
      if (event.target instanceof Node && element.contains(event.target)) event.preventDefault();
    };
    window.addEventListener('pointerup', keep, true);
    window.addEventListener('touchend', keep, true);
    return () => {
      window.removeEventListener('pointerup', keep, true);
      window.removeEventListener('touchend', keep, true);
      element.remove();
      setHost(null);
    };
  }, []);

  const show = useCallback<ToastApi['show']>((message, variant = 'success', options = {}) => {
    const position = options.position ?? 'top';
    const entry: ToastEntry = {
      id: nextId.current++,
      message,
      variant,
      position,
      duration: options.duration ?? (position === 'bottom-right' ? NOTIFICATION_TOAST_DURATION : TOAST_DURATION),
    };
    setToasts((list) => {
      const same = list.filter((t) => t.position === entry.position);
      const drop = new Set(same.slice(0, Math.max(same.length - MAX_PER_POSITION + 1, 0)).map((t) => t.id));
      return [...list.filter((t) => !drop.has(t.id)), entry];
    });
    if (options.sound) playBeep();
  }, []);

  const gone = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const api = useMemo<ToastApi>(() => ({ show }), [show]);
  const top = toasts.filter((t) => t.position === 'top');
  const bottom = toasts.filter((t) => t.position === 'bottom-right');

  return (
    <ToastContext.Provider value={api}>
      {children}
      {host
        ? createPortal(
            <>
              <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col items-center gap-2 p-4">
                {top.map((t) => (
                  <ToastItem key={t.id} toast={t} onGone={gone} />
                ))}
              </div>
              <div className="pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 sm:start-auto sm:end-0 sm:items-end">
                {bottom.map((t) => (
                  <ToastItem key={t.id} toast={t} onGone={gone} />
                ))}
              </div>
            </>,
            host,
          )
        : null}
    </ToastContext.Provider>
  );
}
