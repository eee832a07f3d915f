import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { SECONDARY_BUTTON } from '../dialogs/buttonClasses';
import { Spinner } from '../dialogs/Spinner';

/** What a page form tells its bar. */
export type SaveBarState = {
  /** Unsaved changes. */
  dirty: boolean;
  /** A form that cannot be saved: only 'Volver'. */
  readOnly: boolean;
  /** The save under way, by the button that started it (null: none; 'Volver' waits for it). */
  saving: 0 | 1 | null;
  onBack(): void;
};

type Props = SaveBarState & {
  /** The bar's layout classes (besides the sticky white card). */
  className: string;
  /** The classes of the unsaved-changes line. */
  noteClassName: string;
  /** Shown between the note and 'Volver' (why a save is off). */
  hint?: ReactNode;
  /** The save buttons, after 'Volver' (left out on a read-only form). */
  children?: ReactNode;
};

/** The bar at the foot of a page form, always in view: 'Hay cambios sin guardar.' while an
 * editable form has unsaved changes, 'Volver', then the form's save buttons. */
export function SaveBar({ dirty, readOnly, saving, onBack, className, noteClassName, hint, children }: Props) {
  return (
    <div className={`sticky bottom-0 z-10 -mx-1 rounded-lg border border-slate-200 bg-white/95 shadow-md backdrop-blur ${className}`}>
      <p className={noteClassName} aria-live="polite">
        {dirty && !readOnly ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
      </p>
      {hint}
      <button type="button" className={SECONDARY_BUTTON} onClick={onBack} disabled={saving !== null}>
        Volver
      </button>
      {readOnly ? null : children}
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
