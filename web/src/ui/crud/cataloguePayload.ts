import type { CatalogueField } from './catalogueConfig';
import type { CatalogueFormValues } from './catalogueFormValues';

/** What `{endpoint}/create` receives: text trimmed by the server; an empty optional number is
 * left out (the server keeps its default) while an empty required one goes as '' (so its field
 * says 'Este campo es obligatorio'); selects as the id or null. */
export function cataloguePayload(fields: readonly CatalogueField[], values: CatalogueFormValues): Record<string, string | number | null> {
  const payload: Record<string, string | number | null> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'number' && !field.required && (value === '' || value === null)) continue;
    payload[field.name] = typeof value === 'string' && field.kind === 'number' ? value.trim() : (value ?? null);
  }
  return payload;
}
