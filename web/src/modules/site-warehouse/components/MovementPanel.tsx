import { useRef, type ReactNode } from 'react';
import { formatNumber } from '@shared/money';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { CellInput } from '../../../ui/form/CellInput';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import type { MovementPick } from './useMovementPick';

type Props<Row extends { id: number }> = {
  /** The panel's accessible name ('Salida de repuestos'). */
  title: string;
  /** The list's picking state (useMovementPick): the rows, their quantities and errors, the failed confirm's message. */
  pick: Pick<MovementPick<Row>, 'chosen' | 'onQuantity' | 'rowErrors' | 'message' | 'attempt' | 'clear'>;
  /** The quantity's name ('Cantidad a salir'); each input adds its row's name. */
  quantityLabel: string;
  /** A row's name (its code and description) and what caps its quantity. */
  nameOf(row: Row): string;
  capLabel: string;
  capOf(row: Row): number;
  /** Fields of the whole movement (the VALE SALIDA). */
  fields?: ReactNode;
  confirmLabel: string;
  pending: boolean;
  onConfirm(): void;
  /** What the panel says while nothing is selected. */
  hint: string;
};

/** The selected rows of a movement list with the quantity of each (typed as seed 002 §5 says:
 * a non-negative decimal capped at the row), the movement's own fields, the error banner and the
 * confirm button (its label counts the rows; disabled with none or while the call runs). Under the
 * table on every screen size: a phone's cards hold no inputs. */
export function MovementPanel<Row extends { id: number }>(props: Props<Row>) {
  const scope = useRef<HTMLElement>(null);
  const { pick, pending } = props;
  const picked = pick.chosen;
  return (
    <section ref={scope} aria-label={props.title} className="space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <FormErrorBanner message={pick.message} scope={scope} attempt={pick.attempt} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-800">{props.title}</h2>
        {picked.length ? (
          <button type="button" onClick={pick.clear} disabled={pending} className={`${SECONDARY_BUTTON} h-11 sm:h-9`}>
            Quitar selección
          </button>
        ) : null}
      </div>
      {picked.length ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {picked.map(({ row, text }) => (
            <li key={row.id} className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0 text-sm">
                <p className="break-words text-slate-800">{props.nameOf(row)}</p>
                <p className="text-xs text-slate-500">
                  {props.capLabel}: <span className="tabular-nums">{formatNumber(props.capOf(row))}</span>
                </p>
              </div>
              <label className="block w-full shrink-0 text-xs font-medium text-slate-600 sm:w-40">
                <span aria-hidden="true">{props.quantityLabel}</span>
                <CellInput
                  label={`${props.quantityLabel} (${props.nameOf(row)})`}
                  value={text}
                  onChange={(next) => pick.onQuantity(row.id, next)}
                  inputMode="decimal"
                  autoComplete="off"
                  error={pick.rowErrors[row.id]}
                  className="mt-1 text-end [&_input]:h-11 [&_input]:text-end [&_input]:tabular-nums sm:[&_input]:h-9"
                />
              </label>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-500">{props.hint}</p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 sm:w-72">{props.fields}</div>
        <button type="button" onClick={props.onConfirm} disabled={picked.length === 0 || pending} className={`${PRIMARY_BUTTON} h-11 gap-2 sm:h-9`}>
          {pending ? <Spinner /> : null}
          {props.confirmLabel}
        </button>
      </div>
    </section>
  );
}
