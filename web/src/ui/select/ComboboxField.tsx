import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { Spinner } from '../dialogs/Spinner';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectError, SelectIcons } from './selectParts';
import type { SelectOption, SelectValue } from './selectOption';

type Props<V extends SelectValue> = {
  selected: SelectOption<V> | null;
  options: SelectOption<V>[];
  onSelect(option: SelectOption<V> | null): void;
  /** The typed text, '' again when the list closes. */
  onQuery(text: string): void;
  /** The input got focus (SelectAjax starts asking only then). */
  onActivate?(): void;
  loading: boolean;
  /** Shown in the open list when there are no options ('Escribe algo para buscar.', 'Sin resultados.', a server msg). */
  notice: string;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
  error?: string;
  className?: string;
};

/** The searchable field behind SelectAjax and SelectLocal (Headless UI Combobox). Rules: the list
 * opens on focus so its notice is seen before typing; emptying the text or the clear button
 * ('Limpiar selección') clears the value; closing the list puts back the chosen label; a spinner
 * shows at the end of the field and in the list while loading. */
export function ComboboxField<V extends SelectValue>({ selected, options, onSelect, onQuery, onActivate, loading, notice, label, placeholder = 'Buscar…', disabled = false, error, className = '' }: Props<V>) {
  const showClear = !disabled && selected !== null && selected.label !== '';
  return (
    <Field disabled={disabled} className={className}>
      {label ? <Label className="mb-1 block text-sm font-medium text-slate-700">{label}</Label> : null}
      <Combobox value={selected} by="value" onChange={onSelect} onClose={() => onQuery('')} immediate invalid={Boolean(error)}>
        <div className="relative">
          <ComboboxInput
            displayValue={(option: SelectOption<V> | null) => option?.label ?? ''}
            onChange={(event) => onQuery(event.target.value)}
            onFocus={onActivate}
            placeholder={placeholder}
            autoComplete="off"
            className={`${fieldClasses(Boolean(error))} ${showClear || loading ? 'pe-16' : 'pe-10'}`}
          />
          {loading ? (
            <span className="pointer-events-none absolute inset-y-0 end-8 flex items-center text-teal-700">
              <Spinner className="size-4" />
            </span>
          ) : showClear ? (
            <button
              type="button"
              aria-label="Limpiar selección"
              onClick={() => onSelect(null)}
              className="absolute inset-y-0 end-8 my-auto flex size-6 items-center justify-center rounded text-slate-400 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              <SelectIcons name="clear" />
            </button>
          ) : null}
          <ComboboxButton className="absolute inset-y-0 end-0 flex items-center rounded-e-md px-2 text-slate-400 hover:text-slate-600 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-disabled:cursor-not-allowed">
            <SelectIcons name="chevron" />
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" transition className={optionsPanel('input')}>
          {options.map((option) => (
            <ComboboxOption key={String(option.value)} value={option} className={OPTION_ROW}>
              <OptionLabel label={option.label} />
            </ComboboxOption>
          ))}
          {options.length === 0 ? (
            <div className="flex items-center gap-2 px-3 py-2 text-slate-500" role="status">
              {loading ? <Spinner className="size-4 text-teal-700" /> : null}
              {loading ? 'Buscando…' : notice}
            </div>
          ) : null}
        </ComboboxOptions>
      </Combobox>
      <SelectError message={error} />
    </Field>
  );
}
