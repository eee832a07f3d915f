import { Field, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { ComboboxField, useTypedFilter } from './ComboboxField';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectError, SelectIcons, SelectLabel } from './selectParts';
import { sameOptionValue, type FieldChrome, type SelectOption, type SelectValue } from './selectOption';

/** `placeholder` defaults to 'Seleccione una opción' ('Buscar…' when searchable). */
type Props<V extends SelectValue> = FieldChrome & {
  items: SelectOption<V>[];
  value: V | null | undefined;
  onChange(value: V | null, item: SelectOption<V> | null): void;
  /** Shows a 'Limpiar selección' button while something is chosen. */
  clearable?: boolean;
  /** Type to filter the items, ignoring case and accents (long lists the screen already holds,
   * such as the sites of the work-order form); a combobox instead of a list button. */
  searchable?: boolean;
};

/** The item a value names: matched by its text (3 equals '3'); a value not among the items shows
 * as the value itself. */
function selectedItem<V extends SelectValue>(items: SelectOption<V>[], value: V | null | undefined): SelectOption<V> | null {
  return items.find((item) => sameOptionValue(item.value, value)) ?? (value === null || value === undefined || value === '' ? null : { value, label: String(value) });
}

function SearchableSelect<V extends SelectValue>({ items, value, onChange, searchable: _searchable, clearable: _clearable, ...chrome }: Props<V>) {
  const { options, onQuery } = useTypedFilter(items);
  return (
    <ComboboxField
      selected={selectedItem(items, value)}
      options={options}
      onSelect={(o) => onChange(o?.value ?? null, o)}
      onQuery={onQuery}
      loading={false}
      notice="Sin resultados."
      {...chrome}
    />
  );
}

/** A select over fixed items (Headless UI Listbox; `searchable`: a filtering combobox). Rules: the
 * value matches an item by its text (3 equals '3'); a value that is not among the items shows as
 * the value itself; `disabled` also hides the clear button; for a select that depends on another,
 * see the README. */
export function Select<V extends SelectValue>(props: Props<V>) {
  if (props.searchable) return <SearchableSelect {...props} />;
  const { items, value, onChange, label, required = false, placeholder = 'Seleccione una opción', disabled = false, clearable = false, error, className = '' } = props;
  const selected = selectedItem(items, value);
  const showClear = clearable && !disabled && selected !== null;
  return (
    <Field disabled={disabled} className={className}>
      <SelectLabel label={label} required={required} />
      <div className="relative">
        <Listbox value={selected} by="value" onChange={(item: SelectOption<V> | null) => onChange(item?.value ?? null, item)} invalid={Boolean(error)}>
          <ListboxButton aria-invalid={error ? true : undefined} aria-required={required || undefined} className={`${fieldClasses(Boolean(error))} ${showClear ? 'pe-16' : 'pe-10'} min-h-9 data-open:ring-2 data-open:ring-teal-600`}>
            <span className={`block truncate ${selected ? '' : 'text-slate-500'}`}>{selected ? selected.label : placeholder}</span>
            <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-2 text-slate-400">
              <SelectIcons name="chevron" />
            </span>
          </ListboxButton>
          <ListboxOptions anchor="bottom start" transition className={optionsPanel('button')}>
            {items.map((item) => (
              <ListboxOption key={String(item.value)} value={item} className={OPTION_ROW}>
                <OptionLabel label={item.label} />
              </ListboxOption>
            ))}
            {items.length === 0 ? <div className="px-3 py-2 text-slate-500">Sin resultados.</div> : null}
          </ListboxOptions>
        </Listbox>
        {showClear ? (
          <button
            type="button"
            aria-label="Limpiar selección"
            onClick={() => onChange(null, null)}
            className="absolute inset-y-0 end-8 my-auto flex size-6 items-center justify-center rounded text-slate-400 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            <SelectIcons name="clear" />
          </button>
        ) : null}
      </div>
      <SelectError message={error} />
    </Field>
  );
}
