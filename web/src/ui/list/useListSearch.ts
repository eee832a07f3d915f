import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback } from 'react';
import * as v from 'valibot';
import { sameFormValue } from '../dialogs/sameFormValue';

/** A whole number within bounds; the router parses `?page=2` as 2 but a typed URL may carry "2". */
const int = (min: number, max: number) =>
  v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.integer(), v.minValue(min), v.maxValue(max))), undefined);

/** Free text; the router parses `?query=123` as the number 123, so numbers become text again. */
const text = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(100))), undefined);

/** A calendar day as yyyy-MM-dd. */
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** The list protocol of the server (docs/API.md) kept in the URL. Invalid values are dropped rather than
 * failing the route; other keys pass through untouched as module filters (estado, id_marca, …). */
export const listSearchSchema = v.looseObject({
  page: int(1, 1_000_000),
  limit: int(1, 100),
  order_col: v.fallback(v.optional(v.string()), undefined),
  order_dir: v.fallback(v.optional(v.pipe(v.string(), v.toLowerCase(), v.picklist(['asc', 'desc']))), undefined),
  query: text,
  date_from: day,
  date_to: day,
});

export type ListSearch = v.InferOutput<typeof listSearchSchema>;

export type SetSearch = (patch: Partial<ListSearch>, options?: { replace?: boolean }) => void;

/** Keys whose change keeps the current page; every other key is a filter and sends the list back to page 1. */
const PAGE_KEYS = new Set(['page']);

/** Empty values and page 1 leave the URL, so an unfiltered list has a clean address. */
function clean(search: Record<string, unknown>): ListSearch {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'page' && value === 1) continue;
    out[key] = value;
  }
  return out as ListSearch;
}

/** List state lives only in the URL: `search` reads it, `setSearch` merges a patch into it. Any filter change
 * resets the page to 1 (page 1 is written as no `page`). Pass `{ replace: true }` while typing so each
 * keystroke does not add a history entry. */
export function useListSearch(): { search: ListSearch; setSearch: SetSearch } {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as ListSearch;
  const setSearch = useCallback<SetSearch>(
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
  return { search, setSearch };
}
