import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { SECONDARY_BUTTON } from '../dialogs/buttonClasses';
import { Spinner } from '../dialogs/Spinner';

type Props = {
  /** Unsaved changes to announce (off on a read-only form). */
  dirty: boolean;
  /** A save under way: 'Volver' waits for it. */
  busy: boolean;
  onBack(): void;
  /** The bar's layout classes (besides the sticky white card). */
  className: string;
  /** The classes of the unsaved-changes line. */
  noteClassName: string;
  /** Shown between the note and 'Volver' (why a save is off). */
  hint?: ReactNode;
  /** The save buttons, after 'Volver'. */
  children?: ReactNode;
};

/** The bar at the foot of a page form, always in view: 'Hay cambios sin guardar.' while there are
 * unsaved changes, 'Volver', then the form's save buttons. */
export function SaveBar({ dirty, busy, onBack, className, noteClassName, hint, children }: Props) {
  return (
    <div className={`sticky bottom-0 z-10 -mx-1 rounded-lg border border-slate-200 bg-white/95 shadow-md backdrop-blur ${className}`}>
      <p className={noteClassName} aria-live="polite">
        {dirty ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
      </p>
      {hint}
      <button type="button" className={SECONDARY_BUTTON} onClick={onBack} disabled={busy}>
        Volver
      </button>
      {children}
    </div>
  );
}

/** A save button of the bar, with its spinner while its own save runs. */
export function SaveButton({ spinning, children, ...button }: ButtonHTMLAttributes<HTMLButtonElement> & { spinning: boolean }) {
  return (
    <button type="button" {...button}>
      {spinning ? <Spinner className="size-4" /> : null}
      {children}
    </button>
  );
}
