import { Description } from '@headlessui/react';

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
