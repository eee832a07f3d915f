import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectIcons, SelectLabel } from './selectParts';

type Props<T extends string | number> = {
  label: string;
  options: readonly { id: T; nombre: string }[];
  value: readonly T[];
  onChange(value: T[]): void;
  /** What the button says with nothing chosen (none chosen means all of them). */
  placeholder: string;
  disabled?: boolean;
  /** Heard after the label, not shown: which part of a form a repeated filter belongs to. */
  context?: string;
  /** The control's tooltip, e.g. what to choose or why it is disabled. */
  title?: string;
  /** What the button says with several chosen, after their count (default 'seleccionados'). */
  countNoun?: string;
  /** What the open list says when it has no options (default 'Sin opciones'). */
  noOptions?: string;
};

/** Several values of a short list at once (Headless UI Listbox, `multiple`), e.g. the report
 * panels' filters; the button names the one chosen or counts them. */
export function MultiSelect<T extends string | number>({
  label,
  options,
  value,
  onChange,
  placeholder,
  disabled = false,
  context,
  title,
  countNoun = 'seleccionados',
  noOptions = 'Sin opciones',
}: Props<T>) {
  const names = options.filter((o) => value.includes(o.id)).map((o) => o.nombre);
  return (
    <Field disabled={disabled} className="w-full">
      {context ? (
        <Label className="mb-1 block text-sm font-medium text-slate-700">
          {label}
          <span className="sr-only"> ({context})</span>
        </Label>
      ) : (
        <SelectLabel label={label} />
      )}
      <Listbox value={[...value]} onChange={(next: T[]) => onChange(next)} multiple disabled={disabled}>
        <div className="relative" title={title}>
          <ListboxButton className={`${fieldClasses(false)} pe-8`}>
            <span className="block truncate">{names.length === 0 ? placeholder : names.length === 1 ? names[0] : `${names.length} ${countNoun}`}</span>
            <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-2 text-slate-500">
              <SelectIcons name="chevron" />
            </span>
          </ListboxButton>
        </div>
        <ListboxOptions anchor="bottom start" className={optionsPanel('button')}>
          {options.length === 0 ? <div className="px-3 py-2 text-slate-500">{noOptions}</div> : null}
          {options.map((o) => (
            <ListboxOption key={o.id} value={o.id} className={OPTION_ROW}>
              <OptionLabel label={o.nombre} />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
