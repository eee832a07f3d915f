import { TextField } from '../../../ui/dialogs/TextField';
import { Select } from '../../../ui/select/Select';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import type { WorkOrderForm } from '../hooks/useWorkOrderForm';
import type { WorkOrderFormReply } from '../workOrderTypes';
import { Panel, ReadingField, SelectSlot } from './EditorFields';
import { PersonField } from './PersonField';
import { RucField } from './RucField';

/** The machine's plate and serial, as the order records them (filled from the machine chosen). */
const MACHINE_TEXTS = [
  { field: 'placa_equipo', label: 'Placa', maxLength: 50 },
  { field: 'serie_equipo', label: 'Serie', maxLength: 100 },
] as const;

/** The three people who sign the order (seed 001 §2), each chosen among the site's. */
const PEOPLE = [
  { label: 'Operador', endpoint: '/fil_datas/operadores', field: 'id_operador', signature: 'firma_operador' },
  { label: 'Mecánico', endpoint: '/fil_datas/mecanicos', field: 'id_mecanico', signature: 'firma_mecanico' },
  { label: 'Supervisor', endpoint: '/fil_datas/supervisores', field: 'id_supervisor', signature: 'firma_supervisor' },
] as const;

type Props = {
  form: WorkOrderForm;
  /** The sites the user may choose (the reply's `obras`). */
  obras: WorkOrderFormReply['obras'];
  /** The order's code ('' for a new order or a replica: 'Se genera al guardar'). */
  codigo: string;
  /** Closed, cancelled or without the edit right. */
  readOnly: boolean;
  /** Site and equipment fixed (readOnly, or the parts attended: permissions.equipment_locked). */
  equipmentLocked: boolean;
  /** A site chosen: the editor clears what belongs to the previous one. */
  onSite(idObra: number | null): void;
  /** A machine chosen, with its lookup row (plate, serial). */
  onEquipo(idEquipo: number | null, raw: Record<string, unknown> | undefined): void;
};

/** 'Datos de la orden' (seed 001 §2, §5): site, equipment with its plate and serial, maintenance
 * type, the three people with their signatures (a signature needs a person: clearing one clears
 * it), the code, the mileage and the third party. */
export function OrderDataSection({ form, obras, codigo, readOnly, equipmentLocked, onSite, onEquipo }: Props) {
  const { values } = form;
  return (
    <Panel title="Datos de la orden">
      <div className="grid gap-x-4 gap-y-3 md:grid-cols-2 xl:grid-cols-6">
        <SelectSlot label="Obra">
          <Select<number>
            searchable
            label="Obra"
            items={obras}
            value={values.id_obra}
            onChange={(v) => onSite(v)}
            disabled={equipmentLocked}
            error={form.fieldError('id_obra')}
            placeholder="Buscar obra…"
          />
        </SelectSlot>
        <SelectSlot label="Equipo">
          <SelectAjax<number>
            label="Equipo"
            endpoint="/fil_datas/equipos"
            params={values.id_obra ? { id_obra: values.id_obra } : undefined}
            minLength={0}
            value={values.id_equipo}
            onChange={(v, option) => onEquipo(v, option?.raw)}
            disabled={equipmentLocked || !values.id_obra}
            placeholder={values.id_obra ? 'Buscar por código…' : 'Elija primero la obra'}
            error={form.fieldError('id_equipo')}
          />
        </SelectSlot>
        {MACHINE_TEXTS.map((t) => (
          <TextField
            key={t.field}
            label={t.label}
            maxLength={t.maxLength}
            value={values[t.field]}
            onChange={(v) => form.set(t.field, v)}
            error={form.fieldError(t.field)}
            disabled={readOnly}
          />
        ))}
        <SelectSlot label="Tipo de mantenimiento">
          <SelectLocal<number>
            label="Tipo de mantenimiento"
            endpoint="/fil_datas/tipos_mantenimiento"
            value={values.id_tipo_mantenimiento}
            onChange={(v) => form.set('id_tipo_mantenimiento', v ?? 2)}
            disabled={readOnly}
            error={form.fieldError('id_tipo_mantenimiento')}
          />
        </SelectSlot>
        {PEOPLE.map((p) => (
          <PersonField
            key={p.field}
            className="md:col-span-1 xl:col-span-2"
            label={p.label}
            endpoint={p.endpoint}
            idObra={values.id_obra}
            value={values[p.field]}
            onChange={(v) => form.patch({ [p.field]: v, ...(v ? {} : { [p.signature]: false }) })}
            signed={values[p.signature]}
            onSigned={(v) => form.set(p.signature, v)}
            disabled={readOnly}
            error={form.fieldError(p.field)}
          />
        ))}
        <TextField label="Código" value={codigo} placeholder="Se genera al guardar" onChange={() => {}} readOnly tabIndex={-1} className="[&_input]:bg-slate-50" />
        <ReadingField form={form} field="kilometraje" label="Kilometraje" disabled={readOnly} />
        <div className="md:col-span-2 xl:col-span-4">
          <RucField
            ruc={values.tercero_ruc}
            razonSocial={values.tercero_razon_social}
            onRuc={(v) => form.set('tercero_ruc', v)}
            onRazonSocial={(v) => form.set('tercero_razon_social', v)}
            onError={(msg) => form.setErrors({ ...form.errors, tercero_ruc: msg })}
            rucError={form.fieldError('tercero_ruc')}
            razonSocialError={form.fieldError('tercero_razon_social')}
            disabled={readOnly}
          />
        </div>
      </div>
    </Panel>
  );
}
