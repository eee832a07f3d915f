import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectIcons } from '../../../ui/select/selectParts';

type Option<V extends string | number> = { value: V; label: string };

/** A select of several values (Headless UI Listbox `multiple`), drawn as the kit's Select: the
 * button says what is chosen ('Todas' when nothing is, the one name, or 'N seleccionados'). */
/** `context`: heard after the label, not shown (which section a filter belongs to). */
export function MultiSelect<V extends string | number>({ label, context, items, value, onChange, emptyLabel }: { label: string; context?: string; items: Option<V>[]; value: V[]; onChange(v: V[]): void; emptyLabel: string }) {
  const chosen = items.filter((i) => value.includes(i.value));
  const text = chosen.length === 0 ? emptyLabel : chosen.length === 1 ? chosen[0].label : `${chosen.length} seleccionados`;
  return (
    <Field>
      <Label className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {context ? <span className="sr-only"> ({context})</span> : null}
      </Label>
      <Listbox value={chosen} by="value" multiple onChange={(xs: Option<V>[]) => onChange(xs.map((x) => x.value))}>
        <div className="relative">
          <ListboxButton className={`${fieldClasses(false)} min-h-9 pe-10 data-open:ring-2 data-open:ring-teal-600`}>
            <span className={`block truncate ${chosen.length ? '' : 'text-slate-600'}`}>{text}</span>
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
            {items.length === 0 ? <div className="px-3 py-2 text-slate-600">Sin opciones.</div> : null}
          </ListboxOptions>
        </div>
      </Listbox>
    </Field>
  );
}
