import { Description } from '@headlessui/react';

// What both select controls (Select's Listbox, ComboboxField's Combobox) draw the same way.

/** The control look shared by the selects, matching TextField: white, slate ring, teal ring on
 * focus, red ring when invalid, grey when disabled. */
export function fieldClasses(invalid: boolean): string {
  return `block w-full rounded-md border-0 bg-white py-2 ps-3 text-start text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset data-disabled:cursor-not-allowed data-disabled:bg-slate-50 data-disabled:text-slate-500 ${
    invalid ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'
  }`;
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
