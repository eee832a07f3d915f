import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ComboboxField, useTypedFilter } from './ComboboxField';
import { fetchOptions, useOptionLookup } from './fetchOptions';
import { useOptionsFailure } from './useOptionsFailure';
import { sameOptionValue, type LookupSelectProps, type SelectValue } from './selectOption';

/** Spec: a locally filtered select holds at most 500 options. */
const LIMIT = 500;


/** A select that loads its options once and filters them in the browser (Headless UI Combobox).
 * Rules:
 * - one `api.get(endpoint, { limit: 500, ...params })` per endpoint and params (cached for a
 *   minute, shared by every SelectLocal on the same list); the list is not loaded while
 *   `disabled` (only the label of a set value is);
 * - typing filters by label ignoring case and accents; no match shows 'Sin resultados.'; a spinner
 *   while loading; a list or label that fails to load opens the error dialog (useOptionsFailure),
 *   not a line in the list;
 * - a `value` not among the options (e.g. an inactive record) is fetched once with
 *   `{ value, ...params }` → `item`;
 * - `disabled` and clearing the child when the parent changes are the caller's job (README). */
export function SelectLocal<V extends SelectValue>({ endpoint, value, onChange, params, disabled = false, ...chrome }: LookupSelectProps<V>) {
  const list = useQuery({
    queryKey: ['select-local', endpoint, params ?? {}],
    queryFn: () => fetchOptions<V>(endpoint, { limit: LIMIT, ...params }),
    enabled: !disabled,
    staleTime: 60_000,
    retry: false,
  });

  const all = useMemo(() => list.data ?? [], [list.data]);
  const { options, onQuery } = useTypedFilter(all);
  const inList = all.find((o) => sameOptionValue(o.value, value)) ?? null;
  const listLoading = list.isPending && list.fetchStatus !== 'idle';
  // While the list is on its way the lookup would only repeat it; a disabled field loads no list,
  // so its value is looked up alone.
  const lookup = useOptionLookup(endpoint, value, params, inList ?? (listLoading ? { value: value as V, label: '' } : null));
  const loading = listLoading || lookup.loading;
  useOptionsFailure(list.error, lookup.error);

  return (
    <ComboboxField
      selected={value === null || value === undefined || value === '' ? null : lookup.option}
      options={options}
      onSelect={(option) => onChange(option?.value ?? null, option)}
      onQuery={onQuery}
      loading={loading}
      notice="Sin resultados."
      {...chrome}
      disabled={disabled}
    />
  );
}
