import { useId, type InputHTMLAttributes } from 'react';
import { FieldError } from '../dialogs/FieldError';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  /** The accessible name (the column header is the visible one). */
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
};

/** A compact input inside a line table: named for screen readers, its error under it. */
export function CellInput({ label, value, onChange, error, className = '', ...input }: Props) {
  const errorId = `${useId()}-error`;
  return (
    <div className={className}>
      <input
        {...input}
        aria-label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`block w-full rounded-md border-0 bg-white px-2.5 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
        }`}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
