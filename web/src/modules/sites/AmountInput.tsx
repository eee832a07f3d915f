import { useId, useState, type KeyboardEvent } from 'react';
import { parseAmount } from '@shared/parse-amount';
import { formatNumber } from '@shared/money';

type Props = {
  /** Accessible name, e.g. 'Monto: Residente de obra'. */
  label: string;
  value: string;
  onChange(text: string): void;
  /** 'money' shows the S/ prefix and two decimals while not editing; 'count' a whole number. */
  kind: 'money' | 'count';
  readOnly?: boolean;
  disabled?: boolean;
  error?: string;
};

/** Marks the inputs Enter moves through (in page order). */
const INPUT_ATTR = 'data-gasto-input';

/** Enter moves to the next amount instead of submitting anything (the page has no form). */
function focusNext(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = [...document.querySelectorAll<HTMLInputElement>(`input[${INPUT_ATTR}]:not(:disabled):not([readonly])`)];
  const next = inputs[inputs.indexOf(event.currentTarget) + 1];
  next?.focus();
  next?.select();
}

/** An amount or quantity typed as text. Rules (seed 001 §5): the text is kept as typed while
 * editing; leaving the field writes back what will be saved, the integer `parseAmount` reads
 * ('1500.75' → '1500', 'abc' → '0'); while not editing a money amount shows as 'S/ 1,500.00'.
 * Enter goes to the next amount; the error (a 422 of the save) shows under the input. */
export function AmountInput({ label, value, onChange, kind, readOnly = false, disabled = false, error }: Props) {
  const [editing, setEditing] = useState(false);
  const errorId = useId();
  const shown = editing || value.trim() === '' ? value : formatNumber(parseAmount(value), kind === 'money' ? 2 : 0);
  return (
    <div className="min-w-0">
      <div
        className={`flex items-center rounded-md bg-white shadow-sm ring-1 ring-inset focus-within:ring-2 ${
          error ? 'ring-red-400 focus-within:ring-red-500' : 'ring-slate-300 focus-within:ring-teal-600'
        } ${disabled || readOnly ? 'bg-slate-50' : ''}`}
      >
        {kind === 'money' ? (
          <span className="ps-2 text-xs text-slate-500" aria-hidden="true">
            S/
          </span>
        ) : null}
        <input
          {...{ [INPUT_ATTR]: '' }}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          maxLength={30}
          value={shown}
          readOnly={readOnly}
          disabled={disabled}
          onFocus={(e) => {
            setEditing(true);
            requestAnimationFrame(() => e.target.select());
          }}
          onBlur={() => {
            setEditing(false);
            const parsed = String(parseAmount(value));
            if (!readOnly && !disabled && parsed !== value) onChange(parsed);
          }}
          onKeyDown={focusNext}
          onChange={(e) => onChange(e.target.value)}
          className="w-full min-w-0 rounded-md border-0 bg-transparent px-2 py-1.5 text-end text-sm text-slate-900 tabular-nums outline-none disabled:cursor-not-allowed disabled:text-slate-500"
          dir="ltr"
        />
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
