import { useId } from 'react';
import { PRIMARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { SaveBar, SaveButton, type SaveBarState } from '../../../ui/form/SaveBar';
import type { WorkOrderMode } from '../internal/formDefaults';

/** `readOnly`: closed, cancelled or without the edit right (only 'Volver'); `saving`: 0 CIERRE
 * MECÁNICO, 1 CIERRE TOTAL. */
type Props = SaveBarState & {
  mode: WorkOrderMode;
  /** Why CIERRE TOTAL is off (formDefaults.ts closeTotalBlocker), null when it is on. */
  closeBlocker: string | null;
  onSave(terminado: 0 | 1): void;
};

/** The editor's bottom bar (seed 001 §4): the unsaved-changes note, 'Volver', CIERRE MECÁNICO and,
 * except on the replicate screen, CIERRE TOTAL with why it is off beside it (also its title and
 * aria-describedby). One row of buttons on a phone too (at most 10 % of its height). */
export function EditorActionBar({ mode, closeBlocker, onSave, ...bar }: Props) {
  const closeHintId = useId();
  const { readOnly, saving } = bar;
  const busy = saving !== null;
  return (
    <SaveBar
      {...bar}
      className="flex flex-wrap items-center justify-end gap-x-2 gap-y-1 px-2 py-2 max-sm:[&>button]:w-auto max-sm:[&>button]:px-2.5 max-sm:[&>button]:text-xs sm:flex-nowrap sm:px-4 sm:py-3"
      noteClassName="w-full text-xs text-slate-500 sm:me-auto sm:w-auto sm:text-sm"
      hint={
        !readOnly && mode !== 'replicate' && closeBlocker ? (
          // On a phone it is read out and shown as the tooltip only: the bar keeps to one row (10 % of the height).
          <p id={closeHintId} className="text-xs text-slate-600 max-sm:sr-only sm:max-w-xs sm:text-end">
            {closeBlocker}
          </p>
        ) : null
      }
    >
      <SaveButton className={PRIMARY_BUTTON} onClick={() => onSave(0)} disabled={busy} spinning={saving === 0} title="Guardar sin finalizar (Ctrl+S)">
        CIERRE MECÁNICO
      </SaveButton>
      {mode !== 'replicate' ? (
        <SaveButton
          className={`${PRIMARY_BUTTON} bg-emerald-700 hover:bg-emerald-800 disabled:bg-emerald-700/50`}
          onClick={() => onSave(1)}
          disabled={closeBlocker !== null}
          aria-describedby={closeBlocker ? closeHintId : undefined}
          title={closeBlocker ?? 'Guardar y cerrar la orden'}
          spinning={saving === 1}
        >
          CIERRE TOTAL
        </SaveButton>
      ) : null}
    </SaveBar>
  );
}
