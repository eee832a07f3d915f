import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ApiFailure } from '../../api/envelope';
import { toOption, type SelectOption, type SelectValue } from './selectOption';

type Query = Record<string, string | number>;

/** GET `endpoint` and read its `items` (or `item` when `one`) as options. Rules: a reply with ok
 * false throws ApiFailure (its msg is shown in the error dialog: useOptionsFailure); items that cannot be read are
 * skipped; a missing `item` gives an empty list. */
export async function fetchOptions<V extends SelectValue>(endpoint: string, query: Query, one = false): Promise<SelectOption<V>[]> {
  const { status, envelope } = await api.get(endpoint, query);
  if (!envelope.ok) throw new ApiFailure(status, envelope);
  const list = one ? [envelope.item] : Array.isArray(envelope.items) ? envelope.items : [];
  return list.map((item) => toOption<V>(item)).filter((o): o is SelectOption<V> => o !== null);
}

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
  if (!wanted) return { option: known, loading: false, error: null };
  if (lookup.isPending && lookup.fetchStatus !== 'idle') return { option: { value: value, label: '' }, loading: true, error: null };
  return { option: lookup.data?.[0] ?? { value: value, label: String(value) }, loading: false, error: lookup.error };
}
