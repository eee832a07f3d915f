import { useEffect, useMemo, useRef, useState } from 'react';
import { normalizeText } from '@shared/text';
import { flushSync } from 'react-dom';
import { QUIET_FOCUS_EVENT } from './quietFocus';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field } from '@headlessui/react';
import { Spinner } from '../dialogs/Spinner';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectError, SelectIcons, SelectLabel } from './selectParts';
import type { FieldChrome, SelectOption, SelectValue } from './selectOption';

/** Options the browser holds, filtered as the user types: by label, ignoring case and accents.
 * Gives the options to show and ComboboxField's `onQuery`. */
export function useTypedFilter<V extends SelectValue>(items: SelectOption<V>[]) {
  const [query, setQuery] = useState('');
  const options = useMemo(() => {
    const needle = normalizeText(query);
    return needle ? items.filter((o) => normalizeText(o.label).includes(needle)) : items;
  }, [items, query]);
  return { options, onQuery: setQuery };
}

type Props<V extends SelectValue> = FieldChrome & {
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
};

/** The chevron's accessible name (axe `button-name`: an icon-only button needs one). */
export const CHEVRON_LABEL = 'Mostrar opciones';

/** The searchable field behind SelectAjax and SelectLocal (Headless UI Combobox). Rules: the list
 * opens on focus so its notice is seen before typing; emptying the text or the clear button
 * ('Limpiar selección') clears the value; closing the list puts back the chosen label; a spinner
 * shows at the end of the field and in the list while loading; Tab (leaving the field) chooses the
 * highlighted option only when the user typed text it matches: Headless UI 2 selects the active
 * option on Tab, and with `immediate` the first option becomes active as soon as the options
 * arrive, so tabbing through a form would otherwise pick the first machine of a filter; the open
 * list is not modal (the page stays usable behind it). */
export function ComboboxField<V extends SelectValue>({ selected, options, onSelect, onQuery, onActivate, loading, notice, label, required = false, placeholder = 'Buscar…', disabled = false, error, className = '' }: Props<V>) {
  const showClear = !disabled && selected !== null && selected.label !== '';
  // What the user typed since the list opened, and whether the key being handled is Tab: the
  // selection Headless UI makes on Tab is dropped when nothing was typed.
  const typed = useRef('');
  const tabbing = useRef(false);
  // Focus moved here by the form (a failed save's first invalid field, a banner link) does not
  // open the list: it would cover the form's buttons. Typing or the chevron still open it.
  const input = useRef<HTMLInputElement>(null);
  const [quiet, setQuiet] = useState(false);
  const chevron = useRef<HTMLButtonElement>(null);
  const focusedBefore = useRef(false);
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const hush = () => flushSync(() => setQuiet(true));
    el.addEventListener(QUIET_FOCUS_EVENT, hush);
    return () => el.removeEventListener(QUIET_FOCUS_EVENT, hush);
  }, []);
  return (
    <Field disabled={disabled} className={className}>
      <SelectLabel label={label} required={required} />
      <Combobox
        value={selected}
        by="value"
        onChange={(option: SelectOption<V> | null) => {
          if (tabbing.current && typed.current.trim() === '') return;
          onSelect(option);
        }}
        onClose={() => {
          typed.current = '';
          onQuery('');
        }}
        immediate={!quiet}
        invalid={Boolean(error)}
      >
        <div className="relative">
          <ComboboxInput
            ref={input}
            onBlur={() => setQuiet(false)}
            // A click on the field opens its list even when focus was already there (put there
            // quietly by the form, or the list closed with Escape): as the chevron does.
            // (a click that brings focus opens it through `immediate`)
            onMouseDown={(event) => {
              focusedBefore.current = document.activeElement === event.currentTarget;
            }}
            onClick={(event) => {
              setQuiet(false);
              if (focusedBefore.current && event.currentTarget.getAttribute('aria-expanded') !== 'true') chevron.current?.click();
            }}
            displayValue={(option: SelectOption<V> | null) => option?.label ?? ''}
            onChange={(event) => {
              typed.current = event.target.value;
              onQuery(event.target.value);
            }}
            onKeyDownCapture={(event) => {
              if (event.key !== 'Tab') return;
              tabbing.current = true;
              window.setTimeout(() => (tabbing.current = false));
            }}
            onFocus={onActivate}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-required={required || undefined}
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
          <ComboboxButton ref={chevron} aria-label={CHEVRON_LABEL} className="absolute inset-y-0 end-0 flex items-center rounded-e-md px-2 text-slate-500 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none data-disabled:cursor-not-allowed">
            <SelectIcons name="chevron" />
          </ComboboxButton>
        </div>
        {/* Not modal: Headless UI's default makes the rest of the page inert while the list is open,
            and the list opens on focus, so a form's error links and other fields went dead as soon
            as focus reached a select (ARIA's combobox popup is not modal either). */}
        <ComboboxOptions anchor="bottom start" modal={false} transition className={optionsPanel('input')}>
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
