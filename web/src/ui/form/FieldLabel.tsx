import type { ReactNode } from 'react';

/** The visible label of a select whose own (accessible) label is visually hidden, so a required
 * field shows its red asterisk like TextField without putting '*' in its accessible name. Wrap the
 * select in `[&_label]:sr-only`. */
export function FieldLabel({ children, required = false }: { children: ReactNode; required?: boolean }) {
  return (
    <p aria-hidden="true" className="mb-1 block text-sm font-medium text-slate-700">
      {children}
      {required ? <span className="ms-0.5 text-red-600">*</span> : null}
    </p>
  );
}
