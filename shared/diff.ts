// Field-level change records, as events carry them (`changes: { field: { from, to } }`). Pure.

/** One field's change in an event: the value before and after. */
export type FieldChange<T = unknown> = { from: T; to: T };

/** The same stored value: equal as JSON, with null and undefined both "no value". This is what
 * events store, so it decides whether a field changed (a fresh array with the same items is no
 * change). Form dirty checks use another rule: see web/src/ui/dialogs/sameFormValue.ts. */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/** What changesOf gives: the changed fields of a known list (each optional), or of any record. */
export type Changes<T, K extends keyof T & string> = string extends K ? Record<string, FieldChange<T[K]>> : { [F in K]?: FieldChange<T[F]> };

/** The changed fields among `fields`, from `before` to `after`; a missing value is recorded as
 * null. Empty when nothing changed. */
export function changesOf<T extends object, K extends keyof T & string>(before: T, after: T, fields: readonly K[]): Changes<T, K> {
  const changes: Partial<Record<K, FieldChange<T[K]>>> = {};
  for (const f of fields) {
    if (!sameValue(before[f], after[f])) changes[f] = { from: (before[f] ?? null) as T[K], to: (after[f] ?? null) as T[K] };
  }
  return changes as Changes<T, K>;
}
