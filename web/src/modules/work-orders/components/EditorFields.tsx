import type { ReactNode } from 'react';
import { DateField } from '../../../ui/DateField';
import { TextField } from '../../../ui/dialogs/TextField';
import { FieldLabel } from '../../../ui/form/FieldLabel';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';

// The pieces the work-order editor's header sections share: the titled panel, a derived value
// shown read-only, and a date or reading field bound to the form.

export type DateFieldName = 'fecha_parada' | 'fecha_puesta_marcha' | 'fecha_apertura_ot' | 'fecha_cierre_ot';
export type ReadingFieldName = 'horometro_parada' | 'horometro_puesta_marcha' | 'horometro_apertura_ot' | 'horometro_cierre_ot' | 'kilometraje';

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white px-4 pt-1 pb-4 shadow-sm">
      <legend className="px-1 text-xs font-semibold tracking-wide text-slate-700 uppercase">{title}</legend>
      {children}
    </fieldset>
  );
}

export function ReadOnlyValue({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <TextField label={label} value={value} onChange={() => {}} readOnly tabIndex={-1} hint={hint} className="[&_input]:bg-slate-50 [&_input]:font-medium [&_input]:tabular-nums" />
  );
}

/** A required select two columns wide: its visible label above it, its own kept for assistive
 * technology only. */
export function SelectSlot({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="md:col-span-2">
      <FieldLabel required>{label}</FieldLabel>
      <div className="[&_label]:sr-only">{children}</div>
    </div>
  );
}

type FieldProps<F> = { form: WorkOrderForm; field: F; label: string; disabled: boolean };

/** A date with its time, its error under it. */
export function OrderDateField({ form, field, label, disabled, required = false }: FieldProps<DateFieldName> & { required?: boolean }) {
  return (
    <DateField
      label={label}
      withTime
      required={required}
      value={form.values[field]}
      onChange={(v) => form.set(field, v || null)}
      error={form.fieldError(field)}
      disabled={disabled}
    />
  );
}

/** A reading (hour meter, mileage) typed as text, its error under it. */
export function ReadingField({ form, field, label, disabled, hint, title }: FieldProps<ReadingFieldName> & { hint?: string; title?: string }) {
  return (
    <TextField
      hint={hint}
      title={title}
      label={label}
      type="number"
      inputMode="decimal"
      min={0}
      step="0.01"
      value={form.values[field]}
      onChange={(v) => form.set(field, v)}
      error={form.fieldError(field)}
      disabled={disabled}
    />
  );
}
