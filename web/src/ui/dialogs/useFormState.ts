import { useCallback, useMemo, useState } from 'react';
import { sameFormValue } from './sameFormValue';

export type FormErrors = Record<string, string>;

/** Values, per-field errors and the "unsaved changes" flag of a form. Rules:
 * - `initial` is read on the first render only (like useState); load a record with `reset(record)`;
 * - `dirty` is true while `values` differ from the last reset (or `initial`) as `sameValue` sees
 *   it ('' equals null, so emptying a null field and typing it back is not a change);
 * - `set(field, value)` also clears that field's error;
 * - `reset(values?)` makes `values` (default: the current ones) the new baseline, so `dirty` is
 *   false, and clears the errors: call it after a successful save so closing does not ask;
 * - `settle(field, update)` applies `update` to the value and to the baseline: the server already
 *   holds the change (a saved row removed with its own call), so it is not an unsaved change;
 * - `setErrors(fieldErrors(envelope.errors))` shows a 422 reply; `fieldError(field)` reads one;
 * - `bind(field)` is a field's `value`, `onChange` and `error` for TextField, DateField, Select…:
 *   `<TextField label="Nombre" {...form.bind('nombre')} />`. */
export function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [state, setState] = useState<{ values: T; baseline: T }>({ values: initial, baseline: initial });
  const [errors, setErrors] = useState<FormErrors>({});

  const set = useCallback(<K extends keyof T>(field: K, value: T[K]) => {
    setState((s) => ({ ...s, values: { ...s.values, [field]: value } }));
    setErrors((e) => {
      if (!(String(field) in e)) return e;
      const { [String(field)]: _removed, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback((values?: T) => {
    setState((s) => {
      const next = values ?? s.values;
      return { values: next, baseline: next };
    });
    setErrors({});
  }, []);

  const settle = useCallback(<K extends keyof T>(field: K, update: (value: T[K]) => T[K]) => {
    setState((s) => ({ values: { ...s.values, [field]: update(s.values[field]) }, baseline: { ...s.baseline, [field]: update(s.baseline[field]) } }));
  }, []);

  const fieldError = useCallback((field: (keyof T & string) | (string & {})): string | undefined => errors[field] || undefined, [errors]);
  const dirty = useMemo(() => !sameFormValue(state.values, state.baseline), [state]);
  const bind = <K extends keyof T & string>(field: K) => ({ value: state.values[field], onChange: (value: T[K]) => set(field, value), error: errors[field] || undefined });

  return { values: state.values, set, settle, reset, dirty, errors, setErrors, fieldError, bind };
}
