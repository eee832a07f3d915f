import { FieldLabel } from '../../../ui/form/FieldLabel';
import { Select } from '../../../ui/select/Select';
import { COST_CENTRE_TYPES, LOOKUP, siteRows } from '../internal/requestOptions';
import type { RequestForm } from '../internal/requestValues';
import { Panel } from './PageHead';
import { RequestField } from './RequestField';

type Props = { form: Pick<RequestForm, 'values' | 'set' | 'fieldError'>; readOnly: boolean };

/** 'Centro de costo': its type (required by request type 1), then the equipment of a direct one
 * (among the site's) or the indirect cost centre and its element. Another indirect centre clears
 * the element, which belongs to it. */
export function CostCentrePanel({ form, readOnly }: Props) {
  const v = form.values;
  const centreElements = { params: v.id_centro_costo_indirecto ? { id_centro_costo_indirecto: v.id_centro_costo_indirecto } : undefined, waiting: 'Elija primero el centro de costo' };

  function changeIndirectCentre(value: number | null) {
    if (value === v.id_centro_costo_indirecto) return;
    form.set('id_centro_costo_indirecto', value);
    form.set('id_centro_costo_indirecto_elemento', null);
  }

  return (
    <Panel title="Centro de costo">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <div className="[&_label]:sr-only">
          <FieldLabel required={v.id_solicitudes_tipo === 1}>Tipo de centro de costo</FieldLabel>
          <Select<number>
            label="Tipo de centro de costo"
            items={COST_CENTRE_TYPES}
            value={v.id_centro_costo_tipo}
            onChange={(value) => form.set('id_centro_costo_tipo', value)}
            disabled={readOnly}
            clearable
            error={form.fieldError('id_centro_costo_tipo')}
          />
        </div>
        {v.id_centro_costo_tipo === 1 ? (
          <RequestField form={form} field="id_equipo" label="Equipo" endpoint="/fil_datas/equipos" search="ajax" within={siteRows(v.id_obra)} required className="md:col-span-2" disabled={readOnly} placeholder="Buscar por código…" />
        ) : null}
        {v.id_centro_costo_tipo === 2 ? (
          <>
            <RequestField form={form} field="id_centro_costo_indirecto" label="Centro de costo indirecto" endpoint={LOOKUP.centros} required onChange={changeIndirectCentre} disabled={readOnly} placeholder="Buscar centro de costo…" />
            <RequestField form={form} field="id_centro_costo_indirecto_elemento" label="Elemento" endpoint={LOOKUP.elementos} within={centreElements} required disabled={readOnly} placeholder="Buscar elemento…" />
          </>
        ) : null}
      </div>
    </Panel>
  );
}
