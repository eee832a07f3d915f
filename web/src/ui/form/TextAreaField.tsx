import { useId } from 'react';
import { FieldError } from '../dialogs/FieldError';
import { FieldLabel } from '../dialogs/TextField';

type Props = {
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string;
  maxLength?: number;
  rows?: number;
  className?: string;
  /** Adds the red asterisk to the label. */
  required?: boolean;
  disabled?: boolean;
  placeholder?: string;
};

/** A labelled multi-line text field with its error under it (the long free-text fields). */
export function TextAreaField({ label, value, onChange, error, maxLength, rows = 3, className = '', required = false, disabled = false, placeholder }: Props) {
  const id = `ta-${useId()}`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <textarea
        id={id}
        value={value}
        rows={rows}
        maxLength={maxLength}
        required={required}
        disabled={disabled}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`mt-1 block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
        }`}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
