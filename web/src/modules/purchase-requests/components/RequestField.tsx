import type { ReactNode } from 'react';
import { FieldLabel } from '../../../ui/form/FieldLabel';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import type { SelectOption } from '../../../ui/select/selectOption';
import type { RequestForm, RequestValues } from '../internal/requestValues';

/** The request's fields that hold a catalogue row's id. */
export type IdField = { [K in keyof RequestValues]: RequestValues[K] extends number | null ? K : never }[keyof RequestValues];

type Props = {
  form: Pick<RequestForm, 'values' | 'set' | 'fieldError'>;
  field: IdField;
  label: string;
  endpoint: string;
  /** A field among another's rows (the site's fronts, the centre's elements): sent with `params`;
   * without them it waits, disabled, saying `waiting`. */
  within?: { params: Record<string, number> | undefined; waiting: string };
  /** 'ajax' searches on the server as one types (from the first character: every row on open). */
  search?: 'local' | 'ajax';
  disabled: boolean;
  placeholder: string;
  /** A change that does more than set the field (clearing what depends on it). */
  onChange?(value: number | null, option: SelectOption<number> | null): void;
  /** Given (true or false), the label shows above the select (FieldLabel, with the asterisk when
   * true) and the select's own label is read out only. */
  required?: boolean;
  className?: string;
  /** Under the select (a hint). */
  children?: ReactNode;
};

/** One catalogue select of the request form bound to its field: the form's value, change and
 * error under it. */
export function RequestField({ form, field, label, endpoint, within, search = 'local', disabled, placeholder, onChange, required, className, children }: Props) {
  const waiting = within !== undefined && !within.params;
  const chrome = {
    label,
    endpoint,
    params: within?.params,
    value: form.values[field],
    onChange: onChange ?? ((value: number | null) => form.set(field, value)),
    disabled: disabled || waiting,
    placeholder: waiting ? within?.waiting : placeholder,
    error: form.fieldError(field),
  };
  const select = search === 'ajax' ? <SelectAjax<number> {...chrome} minLength={0} /> : <SelectLocal<number> {...chrome} />;
  if (required === undefined && !children && !className) return select;
  return (
    <div className={required === undefined ? className : [className, '[&_label]:sr-only'].filter(Boolean).join(' ')}>
      {required !== undefined ? <FieldLabel required={required}>{label}</FieldLabel> : null}
      {select}
      {children}
    </div>
  );
}
