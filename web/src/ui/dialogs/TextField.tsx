import { useId, type InputHTMLAttributes } from 'react';
import { FieldError } from './FieldError';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'children'> & {
  label: string;
  value: string | number | null | undefined;
  onChange(value: string): void;
  error?: string;
  /** Help text under the field (hidden while an error shows). */
  hint?: string;
};

/** A field's label; `required` adds a red asterisk (hidden from screen readers: the input says it). */
export function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-700">
      {label}
      {required ? (
        <span className="ms-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

/** Under a field: its error, else its help text. */
export function FieldHelp({ errorId, error, hintId, hint }: { errorId: string; error?: string; hintId: string; hint?: string }) {
  if (error) return <FieldError id={errorId} message={error} />;
  return hint ? (
    <p id={hintId} className="mt-1 text-xs text-slate-500">
      {hint}
    </p>
  ) : null;
}

/** A labelled text input with its error under it. Rules: null/undefined show as empty; with an
 * error the input is `aria-invalid`, red-ringed and described by the error; `required` adds a
 * red asterisk to the label; `autoFocus` also marks it `data-autofocus` so a dialog focuses it
 * first. Any other input attribute (type, name, maxLength, autoComplete, inputMode…) passes
 * through. */
export function TextField({ label, value, onChange, error, hint, id, className = '', required, autoFocus, ...input }: Props) {
  const generated = useId();
  const inputId = id ?? `tf-${generated}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <FieldLabel htmlFor={inputId} label={label} required={required} />
      <input
        {...input}
        id={inputId}
        value={value ?? ''}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        autoFocus={autoFocus}
        data-autofocus={autoFocus ? '' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border-0 bg-white px-3 py-2 text-start text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 ${
          error ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
        }`}
      />
      <FieldHelp errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </div>
  );
}
