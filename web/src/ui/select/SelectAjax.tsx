import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ComboboxField } from './ComboboxField';
import { fetchOptions, useOptionLookup } from './fetchOptions';
import { useOptionsFailure } from './useOptionsFailure';
import { sameOptionValue, type LookupSelectProps, type SelectOption, type SelectValue } from './selectOption';

type Props<V extends SelectValue> = LookupSelectProps<V> & {
  /** Characters to type before searching. Default 1; 0 lists on focus. */
  minLength?: number;
};

/** A select that searches the server as the user types (Headless UI Combobox). Rules:
 * - calls `api.get(endpoint, { query, limit: 100, ...params })` 300 ms after the typing stops,
 *   only once the field has had focus, and reads `items` (`{ value|id, label|name|nombre }`);
 * - text shorter than `minLength` shows 'Escribe algo para buscar.'; no items 'Sin resultados.';
 *   a spinner while waiting; results are cached for 30 s; a failed search or label lookup opens
 *   the error dialog (useOptionsFailure), not a line in the list;
 * - a `value` whose label is unknown (a record opened for editing) is fetched once with
 *   `{ value, ...params }` → `item`;
 * - `disabled` and clearing the child when the parent changes are the caller's job (README). */
export function SelectAjax<V extends SelectValue>({ endpoint, value, onChange, params, minLength = 1, disabled = false, ...chrome }: Props<V>) {
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(false);
  const [picked, setPicked] = useState<SelectOption<V> | null>(null);
  const typed = query.trim();
  const debounced = useDebouncedValue(typed, 300);
  const long = typed.length >= minLength;

  const search = useQuery({
    queryKey: ['select-ajax', endpoint, params ?? {}, debounced],
    queryFn: () => fetchOptions<V>(endpoint, { query: debounced, limit: 100, ...params }),
    enabled: active && !disabled && debounced.length >= minLength,
    staleTime: 30_000,
    retry: false,
  });

  const settled = long && debounced === typed;
  const options = settled && search.data ? search.data : [];
  const known = sameOptionValue(picked?.value, value) ? picked : (options.find((o) => sameOptionValue(o.value, value)) ?? null);
  const lookup = useOptionLookup(endpoint, value, params, known);
  const searching = active && long && (!settled || search.isFetching);
  const notice = !long ? 'Escribe algo para buscar.' : 'Sin resultados.';
  useOptionsFailure(search.error, lookup.error);

  return (
    <ComboboxField
      selected={value === null || value === undefined || value === '' ? null : lookup.option}
      options={options}
      onSelect={(option) => {
        setPicked(option);
        onChange(option?.value ?? null, option);
      }}
      onQuery={setQuery}
      onActivate={() => setActive(true)}
      loading={searching || lookup.loading}
      notice={notice}
      {...chrome}
      disabled={disabled}
    />
  );
}

/** `value` once it has stayed the same for `delay` ms (each change restarts the wait). */
function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
