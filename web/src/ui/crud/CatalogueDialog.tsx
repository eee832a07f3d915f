import { SECONDARY_BUTTON } from '../dialogs/buttonClasses';
import { FormDialog } from '../dialogs/FormDialog';
import { TextField } from '../dialogs/TextField';
import { useRecordForm } from '../resource/useRecordForm';
import { SelectAjax } from '../select/SelectAjax';
import { SelectLocal } from '../select/SelectLocal';
import type { CatalogueConfig, CatalogueField } from './catalogueConfig';
import { catalogueFormValues, type CatalogueFormValues } from './catalogueFormValues';
import { cataloguePayload } from './cataloguePayload';
import { dependentsOf } from './dependentsOf';

type Props = {
  config: CatalogueConfig;
  /** null: closed; 0: a new record; otherwise the record to edit. */
  id: number | null;
  onClose(): void;
};

type FieldProps = {
  field: CatalogueField;
  values: CatalogueFormValues;
  error?: string;
  autoFocus: boolean;
  parentLabel?: string;
  onChange(value: string | number | null): void;
};

function CatalogueFormField({ field, values, error, autoFocus, parentLabel, onChange }: FieldProps) {
  const value = values[field.name];
  if (field.kind === 'select') {
    const parent = field.dependsOn ? values[field.dependsOn] : undefined;
    const waiting = field.dependsOn !== undefined && (parent === null || parent === undefined || parent === '');
    const params = field.dependsOn && !waiting ? { [field.param ?? field.dependsOn]: parent as number } : undefined;
    const common = {
      endpoint: field.endpoint,
      label: field.label,
      value: typeof value === 'number' ? value : null,
      onChange: (next: number | null) => onChange(next),
      params,
      disabled: waiting,
      placeholder: waiting ? `Seleccione primero ${parentLabel ?? 'el campo anterior'}` : 'Seleccione una opción',
      error,
    };
    // A new parent is a new list: the key remounts the select so no option of the old parent lingers.
    const key = `${field.name}:${String(parent ?? '')}`;
    return field.search === 'ajax' ? <SelectAjax<number> key={key} {...common} minLength={field.minLength ?? 1} /> : <SelectLocal<number> key={key} {...common} />;
  }
  return (
    <TextField
      label={field.label}
      name={field.name}
      required={field.required}
      autoFocus={autoFocus}
      hint={field.hint}
      maxLength={field.kind === 'text' ? field.maxLength : 20}
      inputMode={field.kind === 'number' ? (field.decimals > 0 ? 'decimal' : 'numeric') : undefined}
      autoComplete="off"
      value={typeof value === 'string' || typeof value === 'number' ? value : ''}
      onChange={(text) => onChange(text)}
      error={error}
    />
  );
}

/** The create/edit dialog of a catalogue (seed 001 §2 'Form dialogs', §7 generic modal CRUD) on
 * the record-form controller: loads `{endpoint}/form`, saves through `{endpoint}/create`. Rules:
 * - fields come from the config; a dependent select waits for its parent and is cleared, with
 *   its own dependents, whenever the parent changes (seed 001 §5);
 * - a failed load shows its message and 'Reintentar' instead of the fields;
 * - a refused save shows the msg on top and each field's message under it; a successful one
 *   shows the toast, refreshes the list and closes without asking. */
export function CatalogueDialog({ config, id, onClose }: Props) {
  const record = useRecordForm(config.resource, {
    id,
    empty: catalogueFormValues(config.fields),
    toValues: (item) => catalogueFormValues(config.fields, item),
    toPayload: (values) => ({ id, ...cataloguePayload(config.fields, values) }),
    onClose,
  });
  const { form } = record;

  function change(name: string, value: string | number | null) {
    const before = form.values[name];
    form.set(name, value);
    if (before === value) return;
    for (const child of dependentsOf(config.fields, name)) form.set(child, null);
  }

  const labels = Object.fromEntries(config.fields.map((f) => [f.name, f.label.toLowerCase()]));

  return (
    <FormDialog {...record.dialogProps} message={record.loadError ? '' : record.message} title={`${id ? 'Editar' : config.feminine ? 'Nueva' : 'Nuevo'} ${config.noun}`}>
      {record.loadError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {record.loadError}
          <button type="button" className={SECONDARY_BUTTON} onClick={record.retryLoad}>
            Reintentar
          </button>
        </div>
      ) : (
        config.fields.map((field, index) => (
          <CatalogueFormField
            key={field.name}
            field={field}
            values={form.values}
            error={form.fieldError(field.name)}
            autoFocus={index === 0 && field.kind !== 'select'}
            parentLabel={field.kind === 'select' && field.dependsOn ? `el ${labels[field.dependsOn] ?? 'campo anterior'}` : undefined}
            onChange={(value) => change(field.name, value)}
          />
        ))
      )}
    </FormDialog>
  );
}
