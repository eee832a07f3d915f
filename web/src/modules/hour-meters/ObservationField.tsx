import { useId } from 'react';
import { FieldError } from '../../ui/dialogs/FieldError';

type Props = { label: string; value: string; onChange(value: string): void; error?: string; maxLength: number };

/** A labelled observation with a live character counter ('12/300'); the browser stops at the
 * limit (seed 001 §5: hour-meter observations hold at most 300 characters). */
export function ObservationField({ label, value, onChange, error, maxLength }: Props) {
  const id = `obs-${useId()}`;
  const near = value.length >= maxLength * 0.9;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {label}
        </label>
        <span id={`${id}-count`} aria-live="polite" className={`text-xs tabular-nums ${near ? 'font-semibold text-amber-700' : 'text-slate-500'}`}>
          {value.length}/{maxLength}
        </span>
      </div>
      <textarea
        id={id}
        value={value}
        rows={2}
        maxLength={maxLength}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}
        className={`mt-1 block w-full resize-y rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset focus:ring-2 focus:outline-none focus:ring-inset ${
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
        }`}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
