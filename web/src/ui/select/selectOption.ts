export type SelectValue = string | number;

/** One choice of a select; `raw` keeps the server item (extra columns) when it came from one. */
export type SelectOption<V extends SelectValue = SelectValue> = { value: V; label: string; raw?: Record<string, unknown> };

/** A server item as a SelectOption. Rules: the value is `value`, else `id`; the label is `label`,
 * else `name`, else `nombre`, else the value as text; an item without a string or number value
 * (or anything that is not an object) → null. The values are trusted to be of type V. */
export function toOption<V extends SelectValue = SelectValue>(item: unknown): SelectOption<V> | null {
  if (typeof item !== 'object' || item === null) return null;
  const raw = item as Record<string, unknown>;
  const value = raw.value ?? raw.id;
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const label = [raw.label, raw.name, raw.nombre].find((l) => typeof l === 'string' || typeof l === 'number');
  return { value: value as V, label: label === undefined ? String(value) : String(label), raw };
}

/** Option values match by their text, so 3 and '3' are the same choice (ids may come as either
 * from a query string or a JSON reply); null/undefined match nothing. */
export function sameOptionValue(a: SelectValue | null | undefined, b: SelectValue | null | undefined): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return false;
  return String(a) === String(b);
}

/** What every select draws around its control, passed through to it unchanged. */
export type FieldChrome = {
  label?: string;
  /** A field the form cannot save without: a red '*' after the label (not read out) and
   * aria-required on the control. */
  required?: boolean;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** The props SelectAjax and SelectLocal share: a lookup route such as '/fil_datas/marcas', the
 * value and its change, and `params` sent with every call (e.g. `{ id_marca }` for a dependent
 * select; a change reloads). */
export type LookupSelectProps<V extends SelectValue> = FieldChrome & {
  endpoint: string;
  value: V | null | undefined;
  onChange(value: V | null, item: SelectOption<V> | null): void;
  params?: Record<string, string | number>;
};
