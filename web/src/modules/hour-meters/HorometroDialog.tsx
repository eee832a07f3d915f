import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import type { Envelope } from '../../api/envelope';
import { TIPOS_TURNO } from '@shared/hour-meter-window';
import { FormDialog } from '../../ui/dialogs/FormDialog';
import { TextField } from '../../ui/dialogs/TextField';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { formatNumber } from '@shared/money';
import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { horometroFormValues, horometroPayload, horometroPreview, type HorometroFormValues } from './hourMeterForm';
import { horometros } from './hour-meters.resource';
import { ObservationField } from './ObservationField';
import { PercentCell } from './PercentCell';
import { DateField } from '../../ui/DateField';
import { SwitchField } from '../../ui/form/SwitchField';

type Props = { id: number | null; onClose(): void };

/** Seed 001 §5, §9: hour-meter observations hold at most 300 characters. */
const MAX_OBS = 300;

const EMPTY: HorometroFormValues = {
  id_equipo: null, fecha: '', id_tipo_turno: 1, h_inicio: '', h_fin: '', falla_operacional: '', falla_neta: '', falla_tajo: '',
  obs_operacional: '', obs_neta: '', obs_tajo: '',
};

const two = (n: number) => String(n).padStart(2, '0');
const TURNOS = TIPOS_TURNO.map((t) => ({ value: t.id, label: `${t.nombre} (${two(t.inicio)}:00 a ${two((t.inicio + t.horas) % 24)}:00, ${t.horas} h)` }));

const FAILURES = [
  { field: 'falla_operacional', obs: 'obs_operacional', label: 'Operacional (h)', obsLabel: 'Observación operacional' },
  { field: 'falla_neta', obs: 'obs_neta', label: 'Neta (h)', obsLabel: 'Observación neta (reparación mecánica)' },
  { field: 'falla_tajo', obs: 'obs_tajo', label: 'Tajo (h)', obsLabel: 'Observación de tajo' },
] as const;

type FormReply = Envelope & { item: Record<string, unknown>; en_plazo?: boolean; plazo_msg?: string | null; registro_horometro?: number; exento_plazo?: boolean };

/** The version the form was loaded at: an edit sends it back (409 when someone changed the log). */
const version = (reply: FormReply | undefined) => (typeof reply?.item.version === 'number' ? reply.item.version : null);

/** Registers (id 0) or edits an hour-meter log (POST /horometros/form, /horometros/create). Rules:
 * - the machine is chosen on create only (seed 001 §5) and then proposes the start from its last
 *   log or its own reading (GET /horometros/infoHorometroEquipo), with the reason shown;
 * - worked hours, availability and utilisation are previewed live with the list's own model;
 * - a meter that does not continue from the neighbouring logs is a warning: the user confirms
 *   and the log is saved with confirmar_horometro = 1;
 * - the registration window (setting registro_horometro) is announced; the server enforces it. */
export function HorometroDialog({ id, onClose }: Props) {
  const [proposal, setProposal] = useState<{ msg: string; ok: boolean } | null>(null);
  const infoRequest = useRef(0);
  const { confirm } = useConfirm();
  const record = useRecordForm<HorometroFormValues, FormReply>(horometros, {
    id,
    empty: EMPTY,
    toValues: horometroFormValues,
    toPayload: (values, extra, reply) => horometroPayload(id ?? 0, values, { confirmar: Boolean(extra.confirmar), version: version(reply) }),
    // A meter that does not continue from the neighbouring logs: the user may save it anyway.
    retryWhen: async ({ envelope }) =>
      envelope.requiere_confirmacion &&
      (await confirm({ title: 'Horómetro no correlativo', message: `${envelope.msg} ¿Desea guardarlo de todas formas?`, confirmLabel: 'Guardar de todas formas', cancelLabel: 'Revisar' }))
        ? { confirmar: true }
        : null,
    onClose,
  });
  const { form } = record;
  const meta: Partial<FormReply> = record.reply ?? {};
  const v = form.values;
  const isNew = id === 0;
  const preview = horometroPreview(v);

  useEffect(() => setProposal(null), [id]);

  /** The machine changed: propose the start of its next log. */
  async function chooseEquipo(value: number | null) {
    form.set('id_equipo', value);
    setProposal(null);
    const request = ++infoRequest.current;
    if (value === null) return;
    const r = await api.get('/horometros/infoHorometroEquipo', { id_equipo: value });
    if (request !== infoRequest.current) return; // another machine was chosen meanwhile
    if (!r.envelope.ok) {
      setProposal({ msg: r.envelope.msg, ok: false });
      return;
    }
    form.set('h_inicio', String(r.envelope.h_inicio));
    setProposal({ msg: r.envelope.msg, ok: true });
  }

  const windowNote =
    meta.en_plazo === false
      ? meta.plazo_msg
      : !meta.exento_plazo && meta.registro_horometro
        ? `Los horómetros se registran o modifican hasta ${meta.registro_horometro} h después del fin del turno.`
        : null;

  return (
    <FormDialog {...record.dialogProps} title={isNew ? 'Nuevo registro de horómetro' : 'Editar registro de horómetro'} size="lg">
      {windowNote ? (
        <p role="note" className={`rounded-md px-3 py-2 text-sm ${meta.en_plazo === false ? 'border border-amber-200 bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-600'}`}>
          {windowNote}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <SelectAjax<number>
            label="Equipo"
            required
            endpoint="/fil_datas/equipos"
            value={v.id_equipo}
            onChange={(value) => void chooseEquipo(value)}
            minLength={0}
            placeholder="Buscar por código, placa o descripción"
            disabled={!isNew}
            error={form.fieldError('id_equipo')}
          />
          {!isNew ? <p className="mt-1 text-xs text-slate-500">El equipo de un registro guardado no se cambia.</p> : null}
        </div>
        <DateField label="Fecha" required value={v.fecha} onChange={(value) => form.set('fecha', value)} error={form.fieldError('fecha') ?? form.fieldError('fecha_creacion')} />
        <Select<number>
          label="Turno"
          items={TURNOS}
          {...form.bind('id_tipo_turno')}
        />
        {(['h_inicio', 'h_fin'] as const).map((key) => (
          <TextField key={key} label={key === 'h_inicio' ? 'Horómetro inicial' : 'Horómetro final'} required inputMode="numeric" maxLength={8} {...form.bind(key)} hint="Número entero de hasta 7 dígitos" />
        ))}
      </div>
      <SwitchField
        label="Cambio de horómetro"
        value={Boolean(v.cambio_horometro)}
        onChange={(on) => form.set('cambio_horometro', on === 1)}
        hint="Márquelo si el horómetro del equipo se reemplazó en este turno: se acepta una lectura menor que la actual y queda registrado."
      />
      {proposal ? (
        <p role="status" className={`rounded-md px-3 py-2 text-sm ${proposal.ok ? 'border border-teal-200 bg-teal-50 text-teal-900' : 'border border-red-200 bg-red-50 text-red-800'}`}>
          {proposal.msg}
        </p>
      ) : null}
      <section aria-label="Resumen del turno" className="grid grid-cols-2 gap-3 rounded-md bg-slate-50 p-3 text-sm sm:grid-cols-4">
        <div>
          <p className="text-xs text-slate-500">Horas trabajadas</p>
          <p className="font-semibold tabular-nums text-slate-900" data-testid="preview-horas">{preview ? formatNumber(preview.horas_trabajadas, 0) : '—'}</p>
        </div>
        <div>
          <p className="text-xs text-slate-500">Standby (h)</p>
          <p className="font-semibold tabular-nums text-slate-900">{preview ? formatNumber(preview.horas_standby, 1) : '—'}</p>
        </div>
        <div>
          <p className="text-xs text-slate-500">Disponibilidad</p>
          <p className="font-semibold" data-testid="preview-disponibilidad">{preview ? <PercentCell value={preview.disponibilidad} /> : '—'}</p>
        </div>
        <div>
          <p className="text-xs text-slate-500">Utilización</p>
          <p className="font-semibold" data-testid="preview-utilizacion">{preview ? <PercentCell value={preview.utilizacion} toned={false} /> : '—'}</p>
        </div>
      </section>
      <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-semibold text-slate-800">Fallas del turno (horas)</legend>
        {FAILURES.map((f) => (
          <div key={f.field} className="grid gap-3 sm:grid-cols-[10rem_1fr]">
            <TextField
              label={f.label}
              inputMode="decimal"
              maxLength={4}
              placeholder="0"
              value={v[f.field]}
              onChange={(value) => form.set(f.field, value)}
              error={form.fieldError(f.field)}
            />
            <ObservationField label={f.obsLabel} value={v[f.obs]} maxLength={MAX_OBS} onChange={(value) => form.set(f.obs, value)} error={form.fieldError(f.obs)} />
          </div>
        ))}
        <p className="text-xs text-slate-500">Horas con un decimal, hasta 4 caracteres (ej. 12.5). La suma no puede superar la duración del turno.</p>
      </fieldset>
    </FormDialog>
  );
}
