import type { ReactNode } from 'react';

/** A titled group of fields in the equipment dialog: a fieldset, three columns on wide screens. */
export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 border-t border-slate-200 pt-3 first:border-t-0 first:pt-0">
      <legend className="float-start mb-3 w-full text-xs font-semibold tracking-wide text-teal-800 uppercase">{title}</legend>
      <div className="clear-both grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}
