import { DialogTitle } from '@headlessui/react';
import { useEffect, useRef, type ReactNode } from 'react';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from './buttonClasses';
import { CloseButton } from './CloseButton';
import { DialogFrame, initialFocusTarget, type DialogSize } from './DialogFrame';
import { FormErrorBanner } from '../form/FormErrorBanner';
import { quietFocus } from '../select/quietFocus';
import { Spinner } from './Spinner';
import { useConfirm } from './useConfirm';

type Props = {
  open: boolean;
  title: string;
  /** Really closes the dialog (the caller sets `open` false). */
  onClose(): void;
  /** Loading the record: a spinner covers the body and saving is disabled. */
  loading?: boolean;
  /** Unsaved changes: closing asks first. */
  dirty: boolean;
  /** A save is in flight: the submit button spins and closing is ignored. */
  submitting?: boolean;
  /** The server's `msg` after a failed submit, shown in a red alert above the fields. */
  message?: string;
  /** Changes with every failed save: focus goes to the first invalid field again. */
  attempt?: number;
  onSubmit(): void;
  submitLabel?: string;
  children: ReactNode;
  size?: DialogSize;
};

/** Leaving with unsaved changes asks this (title '¿Estás seguro?'). */
const DISCARD_MESSAGE = 'Los datos que ha introducido se perderán.';

/** A modal form. Rules:
 * - Enter in a field submits (a real <form> with a submit button); `onSubmit` is not called while
 *   `loading` or `submitting`, so a double Enter does not send twice; the browser's own
 *   validation bubbles are off (`noValidate`): the server's 422 errors are shown instead;
 * - while `loading` the fields are covered by a spinner and inert;
 * - the X ('Cerrar'), Escape, a backdrop click and 'Cancelar' all close: at once when not
 *   `dirty`, else after `useConfirm` says yes to 'Los datos que ha introducido se perderán.';
 *   only one such question at a time; all are ignored while `submitting`;
 * - `message` (the envelope's msg of a failed submit) shows in a red alert on top (FormErrorBanner:
 *   it links to each invalid field and focuses the first); per-field errors belong under the
 *   fields (TextField `error`);
 * - focus starts on the element marked `data-autofocus` (TextField `autoFocus`), else on the
 *   first field: the X comes last in the DOM for that reason, though it shows top-end; a dialog
 *   that opened `loading` moves focus there once the record has arrived, unless the user has
 *   already moved it. */
export function FormDialog({ open, title, onClose, loading = false, dirty, submitting = false, message, attempt, onSubmit, submitLabel = 'Guardar', children, size = 'md' }: Props) {
  const { confirm } = useConfirm();
  const asking = useRef(false);
  const form = useRef<HTMLFormElement>(null);

  // Opened while loading, focus stayed on the dialog itself (the fields were inert): now that they
  // are not, it goes to the first one.
  useEffect(() => {
    if (!open || loading) return;
    const frame = window.requestAnimationFrame(() => {
      const active = document.activeElement;
      const dialog = form.current?.closest('[role="dialog"], [role="alertdialog"]');
      if (form.current && (active === dialog || active === document.body || active === form.current.parentElement)) {
        const target = initialFocusTarget(form.current);
        if (target) quietFocus(target);
      }
    });
    return () => window.cancelAnimationFrame(frame);
  }, [open, loading]);

  async function requestClose() {
    if (submitting || asking.current) return;
    if (!dirty) return onClose();
    asking.current = true;
    try {
      if (await confirm({ message: DISCARD_MESSAGE })) onClose();
    } finally {
      asking.current = false;
    }
  }

  return (
    <DialogFrame open={open} onClose={() => void requestClose()} size={size}>
      <form
        ref={form}
        noValidate
        aria-busy={loading || submitting}
        onSubmit={(event) => {
          event.preventDefault();
          if (loading || submitting) return;
          onSubmit();
        }}
      >
        <div className="border-b border-slate-200 py-4 ps-5 pe-14 sm:ps-6">
          <DialogTitle className="text-base font-semibold text-slate-900">{title}</DialogTitle>
        </div>
        <div className="relative px-5 py-5 sm:px-6">
          <FormErrorBanner message={message ?? ''} scope={form} attempt={attempt} className="mb-4" />
          <div className="space-y-4" inert={loading}>
            {children}
          </div>
          {loading ? (
            <div className="absolute inset-0 z-10 flex items-center justify-center bg-white/75 text-teal-700">
              <Spinner className="size-8" label="Cargando" />
            </div>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 rounded-b-lg border-t border-slate-200 bg-slate-50 px-5 py-3 sm:flex-row sm:justify-end sm:px-6">
          <button type="button" className={SECONDARY_BUTTON} onClick={() => void requestClose()} disabled={submitting}>
            Cancelar
          </button>
          <button type="submit" className={PRIMARY_BUTTON} disabled={loading || submitting}>
            {submitting ? <Spinner className="size-4" /> : null}
            {submitLabel}
          </button>
        </div>
      </form>
      <CloseButton onClick={() => void requestClose()} disabled={submitting} className="absolute end-3 top-3" />
    </DialogFrame>
  );
}
