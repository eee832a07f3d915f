import { Field, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { fieldClasses, OPTION_ROW, OptionLabel, optionsPanel, SelectIcons, SelectLabel } from '../../../ui/select/selectParts';

type Props = {
  options: { id: number; nombre: string }[];
  value: number[];
  onChange(value: number[]): void;
  disabled: boolean;
  /** The control's tooltip (seed 002 §2). */
  title: string;
};

/** 'Obra' of the traceability panels: several sites at once (Headless UI Listbox, `multiple`);
 * none chosen means all of them. */
export function ObraMultiSelect({ options, value, onChange, disabled, title }: Props) {
  const names = options.filter((o) => value.includes(o.id)).map((o) => o.nombre);
  return (
    <Field disabled={disabled} className="w-full">
      <SelectLabel label="Obra" />
      <Listbox value={value} onChange={onChange} multiple disabled={disabled}>
        <div className="relative" title={title}>
          <ListboxButton className={`${fieldClasses(false)} pe-8`}>
            <span className="block truncate">{names.length === 0 ? 'Todas las obras' : names.length === 1 ? names[0] : `${names.length} obras`}</span>
            <span className="pointer-events-none absolute inset-y-0 end-0 flex items-center pe-2 text-slate-500">
              <SelectIcons name="chevron" />
            </span>
          </ListboxButton>
        </div>
        <ListboxOptions anchor="bottom start" className={optionsPanel('button')}>
          {options.length === 0 ? <div className="px-3 py-2 text-slate-500">Sin obras</div> : null}
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
