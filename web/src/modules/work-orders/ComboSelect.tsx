import { useMemo, useState } from 'react';
import { ComboboxField } from '../../ui/select/ComboboxField';
import { sameOptionValue, type SelectOption, type SelectValue } from '../../ui/select/selectOption';
import { normalizeText } from '@shared/text';

type Props<V extends SelectValue> = {
  items: SelectOption<V>[];
  value: V | null | undefined;
  onChange(value: V | null, item: SelectOption<V> | null): void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** A searchable select over items the screen already holds (the sites of the form reply): type to
 * filter, ignoring case and accents, as SelectLocal does for a lookup. */
export function ComboSelect<V extends SelectValue>({ items, value, onChange, label, placeholder = 'Buscar…', disabled, error, className }: Props<V>) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    const needle = normalizeText(query);
    return needle ? items.filter((o) => normalizeText(o.label).includes(needle)) : items;
  }, [items, query]);
  const selected = items.find((o) => sameOptionValue(o.value, value)) ?? (value === null || value === undefined || value === '' ? null : { value, label: String(value) });
  return (
    <ComboboxField
      selected={selected}
      options={options}
      onSelect={(o) => onChange(o?.value ?? null, o)}
      onQuery={setQuery}
      loading={false}
      notice="Sin resultados."
      label={label}
      placeholder={placeholder}
      disabled={disabled}
      error={error}
      className={className}
    />
  );
}
