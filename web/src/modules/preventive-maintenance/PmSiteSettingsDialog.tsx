import { fetchOk } from '../../api/client';
import type { Envelope } from '../../api/envelope';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { SwitchField } from '../../ui/form/SwitchField';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { pmConfiguracion } from './pm.resource';

type Values = {
  auto_abrir: 0 | 1;
  dias_anticipacion: string;
  id_operador: number | null;
  id_mecanico: number | null;
  id_supervisor: number | null;
  id_grupo_funcional: number | null;
  id_grupo_funcional_elemento: number | null;
};
const EMPTY: Values = { auto_abrir: 0, dias_anticipacion: '7', id_operador: null, id_mecanico: null, id_supervisor: null, id_grupo_funcional: null, id_grupo_funcional_elemento: null };
type Reply = Envelope & Omit<Values, 'auto_abrir' | 'dias_anticipacion'> & { auto_abrir: boolean; dias_anticipacion: number; version: number };

type Props = {
  /** The site whose setting is edited, or null when closed. */
  obra: { id: number; nombre: string } | null;
  /** The /mantenimiento_preventivo edit right: without it the setting is shown only. */
  canEdit: boolean;
  onClose(): void;
};

const whole = (x: string) => (/^\d{1,3}$/.test(x.trim()) ? Number(x.trim()) : x);

/** A site's automatic opening of preventive OTs (issue 20; GET/POST
 * /mantenimiento_preventivo/configuracion): off, or each plan's OT opened N days (0 to 60) before
 * it is due, with the operator, mechanic and supervisor it is opened with and the functional
 * element of its lines (all required when on: the server says which are missing). Changing it
 * needs the module's edit right; the server refuses anyone else (403). */
export function PmSiteSettingsDialog({ obra, canEdit, onClose }: Props) {
  const idObra = obra?.id ?? 0;
  const { form, reply, dialogProps } = useRecordForm<Values, Reply>(pmConfiguracion, {
    id: obra ? obra.id : null,
    empty: EMPTY,
    read: (id) => fetchOk<Reply>('GET', '/mantenimiento_preventivo/configuracion', { id_obra: id }),
    toValues: (_item, r) => ({
      auto_abrir: r.auto_abrir ? 1 : 0, dias_anticipacion: String(r.dias_anticipacion), id_operador: r.id_operador, id_mecanico: r.id_mecanico,
      id_supervisor: r.id_supervisor, id_grupo_funcional: r.id_grupo_funcional, id_grupo_funcional_elemento: r.id_grupo_funcional_elemento,
    }),
    toPayload: (v, _extra, r) => ({ ...v, id_obra: idObra, auto_abrir: v.auto_abrir === 1, dias_anticipacion: whole(v.dias_anticipacion), version: r?.version }),
    onClose,
  });
  const v = form.values;
  const on = v.auto_abrir === 1;
  const params = { id_obra: idObra };
  const readOnly = !canEdit;

  return (
    <FormDialog {...dialogProps} title="Apertura automática de OT preventivas" submitLabel={canEdit ? 'Guardar' : 'Cerrar'} onSubmit={canEdit ? dialogProps.onSubmit : onClose}>
      <p className="text-sm text-slate-700">
        Obra <span className="font-medium">{obra?.nombre}</span>
        {reply === undefined ? null : readOnly ? '. Solo lectura: no tiene permiso para cambiar esta configuración.' : ''}
      </p>
      <SwitchField
        label="Abrir las OT preventivas automáticamente"
        hint="Un proceso diario abre una OT por cada plan vencido o por vencer, una sola vez"
        value={v.auto_abrir}
        onChange={(x) => form.set('auto_abrir', x)}
        disabled={readOnly}
      />
      <TextField
        label="Días de anticipación"
        name="dias_anticipacion"
        type="number"
        inputMode="numeric"
        min={0}
        max={60}
        required
        hint="De 0 a 60 días antes del vencimiento"
        disabled={readOnly}
        {...form.bind('dias_anticipacion')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectLocal<number> label="Operador" required={on} endpoint="/fil_datas/operadores" params={params} disabled={readOnly} {...form.bind('id_operador')} />
        <SelectLocal<number> label="Mecánico" required={on} endpoint="/fil_datas/mecanicos" params={params} disabled={readOnly} {...form.bind('id_mecanico')} />
        <SelectLocal<number> label="Supervisor" required={on} endpoint="/fil_datas/supervisores" params={params} disabled={readOnly} {...form.bind('id_supervisor')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectLocal<number>
          label="Grupo funcional de las líneas"
          endpoint="/fil_datas/grupos_funcionales"
          value={v.id_grupo_funcional}
          onChange={(x) => {
            form.set('id_grupo_funcional', x);
            if (x !== v.id_grupo_funcional) form.set('id_grupo_funcional_elemento', null);
          }}
          disabled={readOnly}
          error={form.fieldError('id_grupo_funcional')}
        />
        <SelectAjax<number>
          label="Elemento de las líneas"
          required={on}
          endpoint={v.id_grupo_funcional ? '/fil_datas/elementos_padre' : '/fil_datas/grupo_funcional_elementos'}
          params={v.id_grupo_funcional ? { id_grupo_funcional: v.id_grupo_funcional } : undefined}
          minLength={v.id_grupo_funcional ? 0 : 4}
          value={v.id_grupo_funcional_elemento}
          onChange={(x, item) => {
            form.set('id_grupo_funcional_elemento', x);
            const group = Number(item?.raw?.id_grupo_funcional) || null;
            if (x && !v.id_grupo_funcional && group) form.set('id_grupo_funcional', group);
          }}
          placeholder={v.id_grupo_funcional ? 'Elemento del grupo…' : 'Elemento (4 caracteres)…'}
          disabled={readOnly}
          error={form.fieldError('id_grupo_funcional_elemento')}
        />
      </div>
    </FormDialog>
  );
}
