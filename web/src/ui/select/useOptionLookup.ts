import { useQuery } from '@tanstack/react-query';
import { fetchOptions } from './fetchOptions';
import type { SelectOption, SelectValue } from './selectOption';

/** The option for a value whose label is not known yet (a record opened for editing): GET
 * `endpoint` with `{ value, ...params }` and read `item`. Rules: asks only when `value` is set and
 * `known` is null; while asking `loading` is true; when the server has no such item the option's
 * label is the value itself, so the field never looks empty while holding a value. */
export function useOptionLookup<V extends SelectValue>(endpoint: string, value: V | null | undefined, params: Record<string, string | number> | undefined, known: SelectOption<V> | null) {
  const wanted = value !== null && value !== undefined && value !== '' && known === null;
  const lookup = useQuery({
    queryKey: ['select-item', endpoint, params ?? {}, value],
    queryFn: () => fetchOptions<V>(endpoint, { ...params, value: value as V }, true),
    enabled: wanted,
    staleTime: 60_000,
  });
  if (!wanted) return { option: known, loading: false };
  if (lookup.isPending && lookup.fetchStatus !== 'idle') return { option: { value: value as V, label: '' }, loading: true };
  return { option: lookup.data?.[0] ?? { value: value as V, label: String(value) }, loading: false };
}
