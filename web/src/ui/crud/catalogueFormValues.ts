import * as v from 'valibot';
import { optionalId } from '../list/listSearch';
import type { CatalogueField } from './catalogueConfig';

/** A form's values: text and number fields as typed text, selects as the chosen id or null. */
export type CatalogueFormValues = Record<string, string | number | null>;

/** The form's values from the server's item (`{endpoint}/form`); a missing item (a new record
 * before it loads) gives empty fields. Numbers arrive as numbers or as PostgreSQL's decimal text
 * ('250.00') and are shown as they came. */
export function catalogueFormValues(fields: readonly CatalogueField[], item?: Record<string, unknown> | null): CatalogueFormValues {
  const values: CatalogueFormValues = {};
  for (const field of fields) {
    const raw = item?.[field.name];
    if (field.kind === 'select') values[field.name] = v.parse(optionalId, raw) ?? null;
    else values[field.name] = raw === null || raw === undefined ? '' : String(raw);
  }
  return values;
}
