import { useCallback, useMemo, useState } from 'react';
import { sameFormValue } from '../../../ui/dialogs/sameFormValue';
import type { LineTable, WorkOrderValues } from '../internal/workOrderValues';

type Row<T extends LineTable> = WorkOrderValues[T][number];
type Header = Exclude<keyof WorkOrderValues, LineTable>;
type Errors = Record<string, string>;
type State = { values: WorkOrderValues; baseline: WorkOrderValues; errors: Errors };

/** Drops the errors of some keys. */
function without(errors: Errors, drop: (key: string) => boolean): Errors {
  const keys = Object.keys(errors);
  if (!keys.some(drop)) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !drop(k)));
}

/** The server names a part's quantity and a document's file differently from the form. */
const ERROR_FIELDS: Record<string, string[]> = { cantidad: ['cantidad_solicitada_por_tecnico'], file: ['pic'] };

/** The index the server's line errors use for a row: its position among the rows sent — every
 * row, except documents, where only new rows travel (saveRequest.ts). */
export function errorIndex(tabla: LineTable, rows: { id: number }[], index: number): number {
  return tabla === 'documentos' ? rows.slice(0, index).filter((r) => r.id === 0).length : index;
}

/** The work-order form's state: values, the baseline they are compared with (unsaved changes),
 * and the field errors keyed as the server keys them ('productos_solicitados.0.id_unidad').
 * Rules: editing a field clears its error; a saved line removed on the server
 * (eliminarElementoDeDetalle) leaves the baseline too, so its removal is not an unsaved change;
 * removing a row clears its table's line errors (the indexes shift); `reset(values)` makes them
 * the new baseline (after loading or saving). */
export function useWorkOrderForm(initial: WorkOrderValues) {
  const [state, setState] = useState<State>({ values: initial, baseline: initial, errors: {} });

  const patch = useCallback((change: Partial<Pick<WorkOrderValues, Header>>) => {
    const keys = Object.keys(change);
    setState((s) => ({ ...s, values: { ...s.values, ...change }, errors: without(s.errors, (k) => keys.includes(k)) }));
  }, []);

  const set = useCallback(<K extends Header>(field: K, value: WorkOrderValues[K]) => patch({ [field]: value }), [patch]);

  const updateLine = useCallback(<T extends LineTable>(tabla: T, key: string, change: Partial<Row<T>>) => {
    setState((s) => {
      const rows = s.values[tabla] as Row<T>[];
      const index = rows.findIndex((r) => r.key === key);
      if (index < 0) return s;
      const fields = Object.keys(change).flatMap((f) => [f, ...(ERROR_FIELDS[f] ?? [])]);
      const prefix = `${tabla}.${errorIndex(tabla, rows, index)}.`;
      return {
        ...s,
        values: { ...s.values, [tabla]: rows.map((r, i) => (i === index ? { ...r, ...change } : r)) },
        errors: without(s.errors, (k) => k.startsWith(prefix) && fields.includes(k.slice(prefix.length))),
      };
    });
  }, []);

  const addLine = useCallback(<T extends LineTable>(tabla: T, row: Row<T>) => {
    setState((s) => ({ ...s, values: { ...s.values, [tabla]: [...(s.values[tabla] as Row<T>[]), row] } }));
  }, []);

  /** Removes a row; `saved` when the server already removed it (the baseline forgets it too). */
  const removeLine = useCallback((tabla: LineTable, key: string, saved = false) => {
    const drop = (rows: { key: string }[]) => rows.filter((r) => r.key !== key);
    setState((s) => ({
      values: { ...s.values, [tabla]: drop(s.values[tabla]) },
      baseline: saved ? { ...s.baseline, [tabla]: drop(s.baseline[tabla]) } : s.baseline,
      errors: without(s.errors, (k) => k.startsWith(`${tabla}.`)),
    }));
  }, []);

  /** Replaces a whole table (e.g. 'No requiere productos de almacen' empties the parts). */
  const setTable = useCallback(<T extends LineTable>(tabla: T, rows: WorkOrderValues[T]) => {
    setState((s) => ({ ...s, values: { ...s.values, [tabla]: rows }, errors: without(s.errors, (k) => k.startsWith(`${tabla}.`)) }));
  }, []);

  const reset = useCallback((values: WorkOrderValues) => setState({ values, baseline: values, errors: {} }), []);
  const setErrors = useCallback((errors: Errors) => setState((s) => ({ ...s, errors })), []);

  const dirty = useMemo(() => !sameFormValue(state.values, state.baseline), [state.values, state.baseline]);
  const { errors } = state;
  const fieldError = useCallback((field: string): string | undefined => errors[field] || undefined, [errors]);

  return { values: state.values, set, patch, updateLine, addLine, removeLine, setTable, reset, dirty, errors, setErrors, fieldError };
}

export type WorkOrderForm = ReturnType<typeof useWorkOrderForm>;
