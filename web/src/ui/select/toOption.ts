import type { SelectOption, SelectValue } from './selectOption';

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
