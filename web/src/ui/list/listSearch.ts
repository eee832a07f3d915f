import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { sameFormValue } from '../dialogs/sameFormValue';

/** A whole number within bounds; the router parses `?page=2` as 2 but a typed URL may carry "2".
 * Like every field here, an invalid value is dropped rather than failing the route. */
const int = (min: number, max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.integer(), v.minValue(min), v.maxValue(max))), undefined);

/** Free text; the router parses `?query=123` as the number 123, so numbers become text again. */
export const optionalText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))), undefined);

/** A lookup value (a log type, a record type): numbers become text, blanks are dropped. */
export const optionalKey = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.minLength(1), v.maxLength(100))), undefined);

/** A calendar day as yyyy-MM-dd. */
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** A record id: a whole number ≥ 1. */
export const optionalId = int(1, Number.MAX_SAFE_INTEGER);

/** A list of record ids (each a whole number ≥ 1), e.g. a filter's chosen sites: written as an
 * array, read back from an array, '1,2' or a lone number; repeats are dropped, order kept. Invalid
 * items are dropped, and a list left empty leaves the URL, rather than failing the route. */
export const optionalIds = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.array(v.union([v.number(), v.string()])), v.string(), v.number()]),
      v.transform((raw) => {
        const parts = Array.isArray(raw) ? raw : String(raw).split(',');
        const out = [...new Set(parts.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
        return out.length ? out : undefined;
      }),
    ),
  ),
  undefined,
);

/** One of a few numeric codes (`estado` 0/1; work-order `estado` 1/2/3), as a number. */
export function optionalCode<const T extends readonly [number, ...number[]]>(codes: T) {
  return v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist(codes))), undefined);
}

/** Estado 1 (activos) or 0 (inactivos); absent: todos. */
export const optionalEstado = optionalCode([0, 1]);

/** The list protocol of the server (docs/API.md) as it lives in the URL. */
const LIST_PROTOCOL = {
  page: int(1, 1_000_000),
  limit: int(1, 100),
  order_col: v.fallback(v.optional(v.string()), undefined),
  order_dir: v.fallback(v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['asc', 'desc']))), undefined),
  query: optionalText,
  date_from: day,
  date_to: day,
};

/** A list route's search schema: the list protocol plus the module's own typed filters, e.g.
 * `listSearch({ id_obra: optionalId, estado: optionalEstado })`. Keys outside the schema are
 * dropped; invalid values are dropped rather than failing the route. */
export function listSearch<const E extends v.ObjectEntries>(filters: E) {
  return v.object({ ...LIST_PROTOCOL, ...filters });
}

/** The list protocol alone, for lists without filters of their own. */
export const listSearchSchema = listSearch({});

export type ListSearch = v.InferOutput<typeof listSearchSchema>;

/** Merges a patch into the URL's search; `{ replace: true }` while typing, so each keystroke does
 * not add a history entry. */
export type SetSearch<S = ListSearch> = (patch: Partial<S>, options?: { replace?: boolean }) => void;

/** Keys whose change keeps the current page; every other key is a filter and sends the list back to page 1. */
const PAGE_KEYS = new Set(['page']);

/** Empty values and page 1 leave the URL, so an unfiltered list has a clean address. */
function clean(search: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && value === 1) continue;
    out[key] = value;
  }
  return out;
}

/** The URL is the only store of list state (STYLE 8): `setSearch` merges a patch into the current
 * route's search. Any filter change resets the page to 1 (page 1 is written as no `page`). */
export function useSetSearch<S extends object = ListSearch>(): SetSearch<S> {
  const navigate = useNavigate();
  return useCallback<SetSearch<S>>(
    (patch, options) => {
      // The hook serves every list route, so the navigation is typed for none of them in particular.
      void navigate({
        to: '.',
        replace: options?.replace ?? false,
        search: (prev: Record<string, unknown>) => {
          const filterChanged = Object.entries(patch).some(([key, value]) => !PAGE_KEYS.has(key) && !sameFormValue(value, prev[key]));
          return clean({ ...prev, ...patch, ...(filterChanged ? { page: undefined } : {}) });
        },
      } as Parameters<typeof navigate>[0]);
    },
    [navigate],
  );
}
