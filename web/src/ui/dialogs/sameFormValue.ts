/** Equality for form values, the dirty check of useFormState. Rules: '', null and undefined are
 * all "empty" and equal (clearing a field that started null is no change); Dates compare by time;
 * arrays by items in order; plain objects by their own keys; anything else (File, Blob, class
 * instances) by identity; numbers with Object.is except that 0 equals -0.
 * Not shared/diff.ts's sameValue, which decides what events record: there '' and null differ (a
 * stored value changes) and values compare as JSON, under which two different files are equal.
 * List search params use this rule too (useListSearch): an emptied filter is no filter. */
export function sameFormValue(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === '' || v === null || v === undefined;
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (a === b || Object.is(a, b)) return true;
  if (a instanceof Date || b instanceof Date) return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameFormValue(item, b[i]));
  }
  const plain = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
  if (plain(a) && plain(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) if (!sameFormValue(a[key], b[key])) return false;
    return true;
  }
  return false;
}
