import { Link } from '@tanstack/react-router';
import { DateField } from '../../../ui/DateField';
import { TextField } from '../../../ui/dialogs/TextField';
import { LOOKUP, READ_ONLY_INPUT, siteRows } from '../internal/requestOptions';
import { isSaved, typeLocked, type RequestForm } from '../internal/requestValues';
import type { FormItem } from '../requestTypes';
import { Panel } from './PageHead';
import { RequestField } from './RequestField';

type Props = {
  form: Pick<RequestForm, 'values' | 'set' | 'fieldError'>;
  item: FormItem;
  readOnly: boolean;
};

/** 'Datos de la solicitud': code, work order, site, front, requester, request type, resource and
 * the two dates. Rules: the site locks once saved, and another site clears the equipment, the front
 * and (unsaved) the work order, which belong to it; a saved request's work order is a link to it
 * (or 'Sin orden de trabajo'), a new one's is chosen among the site's; the request type locks once
 * one was chosen and saved (typeLocked); type 1 asks for the cost-centre type. */
export function RequestDataPanel({ form, item, readOnly }: Props) {
  const v = form.values;
  const saved = isSaved(item) ? item : null;
  const requester = [item.nombre_supervisor, item.apellido_supervisor].filter(Boolean).join(' ');
  const site = siteRows(v.id_obra);
  // A direct cost centre and third-party mobilisation type 2 ask for the resource.
  const resourceRequired = v.id_centro_costo_tipo === 1 || v.id_solicitudes_movilizacion_terceros_tipocc === 2;

  function changeSite(idObra: number | null) {
    if (idObra === v.id_obra) return;
    // The equipment, the front and the work order belong to the site.
    form.set('id_obra', idObra);
    form.set('id_equipo', null);
    form.set('id_frente_obra', null);
    if (!saved) form.set('id_orden_trabajo', null);
  }

  return (
    <Panel title="Datos de la solicitud">
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
        <TextField label="Código" value={saved?.codigo ?? ''} placeholder="Se genera al guardar" onChange={() => {}} readOnly tabIndex={-1} className={READ_ONLY_INPUT} />
        {saved?.id_orden_trabajo ? (
          <div>
            <p className="block text-sm font-medium text-slate-700">Orden de trabajo</p>
            <Link
              to="/ordenes_trabajo/$id/editar"
              params={{ id: String(saved.id_orden_trabajo) }}
              className="mt-1 flex min-h-9 items-center rounded-md bg-slate-50 px-3 py-2 text-sm font-medium text-teal-800 ring-1 ring-slate-300 ring-inset hover:underline"
            >
              {saved.codigo_orden_trabajo}
            </Link>
          </div>
        ) : saved ? (
          <TextField label="Orden de trabajo" value="" placeholder="Sin orden de trabajo" onChange={() => {}} readOnly tabIndex={-1} className={READ_ONLY_INPUT} />
        ) : (
          <RequestField form={form} field="id_orden_trabajo" label="Orden de trabajo" endpoint="/fil_datas/ordenesTrabajo" search="ajax" within={site} disabled={readOnly} placeholder="Sin orden de trabajo" />
        )}
        <RequestField form={form} field="id_obra" label="Obra" endpoint="/fil_datas/obras" required onChange={changeSite} disabled={readOnly || !!saved} placeholder="Buscar obra…" />
        <RequestField form={form} field="id_frente_obra" label="Frente de obra" endpoint={LOOKUP.frentes} within={site} disabled={readOnly} placeholder="Sin frente de obra" />
        <TextField label="Solicitante" value={requester} onChange={() => {}} readOnly tabIndex={-1} className={READ_ONLY_INPUT} />

        <RequestField form={form} field="id_solicitudes_tipo" label="Tipo de solicitud" endpoint={LOOKUP.tipos} required disabled={readOnly || typeLocked(item)} placeholder="Elegir tipo…">
          {v.id_solicitudes_tipo === 1 && !form.fieldError('id_solicitudes_tipo') ? <p className="mt-1 text-xs text-slate-500">Este tipo de solicitud exige el tipo de centro de costo.</p> : null}
        </RequestField>
        <RequestField form={form} field="id_solicitudes_movilizacion_recursos" label="Recurso" endpoint={LOOKUP.recursos} disabled={readOnly} placeholder="Buscar recurso…" required={resourceRequired} />
        <DateField
          label="Fecha de necesidad"
          required
          value={v.fecha_requerimiento}
          onChange={(value) => form.set('fecha_requerimiento', value || null)}
          disabled={readOnly}
          error={form.fieldError('fecha_requerimiento')}
        />
        <DateField
          label="Fecha de requerimiento"
          value={v.fecha_recepcion_pedido}
          onChange={(value) => form.set('fecha_recepcion_pedido', value || null)}
          disabled={readOnly}
          error={form.fieldError('fecha_recepcion_pedido')}
        />
      </div>
    </Panel>
  );
}
