import { Description, Label } from '@headlessui/react';

// What both select controls (Select's Listbox, ComboboxField's Combobox) draw the same way.

/** The control look shared by the selects, matching TextField: white, slate ring, teal ring on
 * focus, red ring when invalid, grey when disabled. */
export function fieldClasses(invalid: boolean): string {
  return `block w-full rounded-md border-0 bg-white py-2 ps-3 text-start text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-500 focus:ring-2 focus:outline-none focus:ring-inset data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-500 ${
    invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
  }`;
}

/** A select's label; a required one ends in a red '*' that is not part of its accessible name
 * (as TextField's). */
export function SelectLabel({ label, required = false }: { label?: string; required?: boolean }) {
  if (!label) return null;
  return (
    <Label className="mb-1 block text-sm font-medium text-slate-700">
      {label}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-red-600">
          *
        </span>
      ) : null}
    </Label>
  );
}

/** The error under a Headless UI select (Combobox, Listbox), as FieldError draws it. Rule: inside
 * a `Field`, Headless UI sets the control's aria-describedby from the field's Description
 * elements and overwrites one passed by hand, so the message must be a Description for screen
 * readers to hear it with the control. */
export function SelectError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <Description as="p" role="alert" className="mt-1 text-xs text-red-600">
      {message}
    </Description>
  );
}

/** The open list of options, as wide as its control (`width`: Headless UI's --input-width or
 * --button-width). */
export function optionsPanel(width: 'input' | 'button'): string {
  return `z-10 max-h-64 ${width === 'input' ? 'w-(--input-width)' : 'w-(--button-width)'} overflow-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-900/10 [--anchor-gap:4px] focus:outline-none data-closed:opacity-0 data-leave:transition data-leave:duration-100 data-leave:ease-in`;
}

/** One option's row: focused teal, the chosen one bold with a check. */
export const OPTION_ROW = 'group flex cursor-default items-center gap-2 py-2 ps-3 pe-3 text-start text-slate-800 select-none data-focus:bg-teal-50 data-focus:text-teal-900 data-selected:font-semibold';

/** An option's text and its check mark (shown on the chosen one). */
export function OptionLabel({ label }: { label: string }) {
  return (
    <>
      <span className="min-w-0 flex-1 truncate">{label}</span>
      <span className="invisible text-teal-700 group-data-selected:visible">
        <SelectIcons name="check" />
      </span>
    </>
  );
}

/** The small icons of the selects: 'chevron' (open), 'check' (selected option), 'clear'. */
export function SelectIcons({ name }: { name: 'chevron' | 'check' | 'clear' }) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className={name === 'check' ? 'size-4' : 'size-5'}>
      {name === 'chevron' ? (
        <path fillRule="evenodd" d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
      ) : name === 'check' ? (
        <path fillRule="evenodd" d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z" clipRule="evenodd" />
      ) : (
        <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
      )}
    </svg>
  );
}
