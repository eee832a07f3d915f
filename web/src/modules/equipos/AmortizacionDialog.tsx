import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api, fetchOk } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/dialogs/buttonClasses';
import { DialogFrame } from '../../ui/dialogs/DialogFrame';
import { Spinner } from '../../ui/dialogs/Spinner';
import { TextField } from '../../ui/dialogs/TextField';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useToast } from '../../ui/toast/useToast';
import { DialogHeader } from './DialogHeader';
import type { AmortizationItem, AmortizationMonth, EquipoTarget } from './equipoTypes';
import { MonthStateChip } from './MonthStateChip';
import { SubTable } from './SubTable';
import { formatMoney, sumCents } from '@shared/money';
import { MSG_SAVED } from '@shared/messages';
import { businessToday } from '@shared/time';

type Props = { equipo: EquipoTarget | null; canEdit: boolean; onClose(): void };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-base font-semibold text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/** This month 'YYYY-MM' in the business zone, for a new plan's first month. */
function thisMonth(): string {
  return businessToday(new Date()).slice(0, 7);
}

/** The amortization of a machine (seed 001 §3, §7): its figures (POST /equipo_amortizacion/form:
 * saldo restante, meses pendientes, pendiente por mes), the plan (months and first month; saved
 * with POST /equipo_amortizacion/create, only with the edit right; 0 months removes it) and the
 * calendar month by month (GET /equipo_amortizacion_calendario) whose total row equals the
 * acquisition cost. Closing with an unsaved plan asks first. */
export function AmortizacionDialog({ equipo, canEdit, onClose }: Props) {
  const id = equipo?.id ?? 0;
  const queryClient = useQueryClient();
  const { show } = useToast();
  const { confirm } = useConfirm();
  const [meses, setMeses] = useState('');
  const [inicio, setInicio] = useState('');
  const [baseline, setBaseline] = useState({ meses: '', inicio: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [saving, setSaving] = useState(false);

  const item = useQuery({
    queryKey: ['equipo_amortizacion', id],
    queryFn: async () => (await fetchOk<{ item: AmortizationItem }>('POST', '/equipo_amortizacion/form', undefined, { id })).item,
    enabled: id > 0,
  });
  const calendar = useQuery({
    queryKey: ['equipo_amortizacion_calendario', id],
    queryFn: async () => (await fetchOk<{ items: AmortizationMonth[] }>('GET', '/equipo_amortizacion_calendario', { id })).items,
    enabled: id > 0,
  });

  useEffect(() => {
    if (!item.data) return;
    const next = { meses: item.data.amortizacion ? String(item.data.amortizacion) : '', inicio: item.data.amortizacion_inicio?.slice(0, 7) ?? thisMonth() };
    setMeses(next.meses);
    setInicio(next.inicio);
    setBaseline(next);
  }, [item.data]);

  useEffect(() => {
    setErrors({});
    setMessage('');
  }, [id]);

  const dirty = canEdit && (meses !== baseline.meses || inicio !== baseline.inicio);

  async function close() {
    if (saving) return;
    if (dirty && !(await confirm({ message: 'Los datos que ha introducido se perderán.' }))) return;
    onClose();
  }

  async function save() {
    setSaving(true);
    const r = await api.post('/equipo_amortizacion/create', { id, amortizacion: meses === '' ? 0 : meses, amortizacion_inicio: inicio || null });
    setSaving(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      setErrors(fieldErrors(r.envelope.errors));
      return;
    }
    setMessage('');
    setErrors({});
    show(r.envelope.msg || MSG_SAVED, 'success');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['equipo_amortizacion', id] }),
      queryClient.invalidateQueries({ queryKey: ['equipo_amortizacion_calendario', id] }),
      queryClient.invalidateQueries({ queryKey: ['list', '/equipos'] }),
      queryClient.invalidateQueries({ queryKey: ['equipos_movimientos', id] }),
    ]);
  }

  const data = item.data;
  const rows = calendar.data ?? [];
  return (
    <DialogFrame open={equipo !== null} onClose={() => void close()} size="xl">
      <DialogHeader title="Amortización" subtitle={equipo ? [equipo.codigo, equipo.descripcion].filter(Boolean).join(' - ') : ''} onClose={() => void close()} />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        {item.isError ? (
          <p role="alert" className="text-sm text-rose-700">
            {item.error.message}{' '}
            <button type="button" className="font-medium underline" onClick={() => void item.refetch()}>
              Reintentar
            </button>
          </p>
        ) : !data ? (
          <div className="flex justify-center py-8 text-teal-700">
            <Spinner className="size-8" label="Cargando" />
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              <Figure label="Costo de adquisición" value={formatMoney(data.costo_adquisicion)} />
              <Figure label="Saldo restante" value={formatMoney(data.saldo_restante)} />
              <Figure label="Meses pendientes" value={String(data.meses_pendientes)} />
              <Figure label="Pendiente por mes" value={formatMoney(data.pendiente_por_mes)} />
            </dl>
            {canEdit ? (
              <form
                noValidate
                className="flex flex-wrap items-start gap-3 rounded-lg border border-slate-200 p-3"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (!saving) void save();
                }}
              >
                <TextField
                  className="w-48"
                  label="Meses de amortización"
                  inputMode="numeric"
                  maxLength={3}
                  value={meses}
                  onChange={(value) => {
                    setMeses(value.replace(/\D/g, ''));
                    setErrors((e) => ({ ...e, amortizacion: '' }));
                  }}
                  error={errors.amortizacion}
                  hint="0 quita el plan."
                />
                <TextField
                  className="w-48"
                  label="Mes de inicio"
                  type="month"
                  value={inicio}
                  onChange={(value) => {
                    setInicio(value);
                    setErrors((e) => ({ ...e, amortizacion_inicio: '' }));
                  }}
                  error={errors.amortizacion_inicio}
                />
                <button type="submit" className={`${PRIMARY_BUTTON} mt-6`} disabled={saving || !dirty}>
                  {saving ? <Spinner className="size-4" /> : null}
                  Guardar plan
                </button>
                {message ? (
                  <p role="alert" className="basis-full text-sm text-rose-700">
                    {message}
                  </p>
                ) : null}
              </form>
            ) : null}
            <SubTable<AmortizationMonth>
              title="Calendario de amortización"
              label="Calendario de amortización"
              query={calendar}
              maxHeight="min(22rem, 45vh)"
              rowKey={(r) => `${r.anio}-${r.mes}`}
              columns={[
                { key: 'anio', label: 'Año', render: (r) => r.anio },
                { key: 'mes', label: 'Mes', render: (r) => r.nombre },
                { key: 'pendiente', label: 'Cuota', align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.pendiente)}</span> },
                { key: 'restante', label: 'Saldo', align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.mes_restante)}</span> },
                { key: 'estado', label: 'Estado', render: (r) => <MonthStateChip estado={r.estado} /> },
              ]}
              footer={
                rows.length ? (
                  <tr>
                    <td className="px-3 py-1.5" colSpan={2}>
                      Total ({rows.length} {rows.length === 1 ? 'mes' : 'meses'})
                    </td>
                    <td className="px-3 py-1.5 text-end tabular-nums">{formatMoney(sumCents(rows.map((r) => r.pendiente)))}</td>
                    <td colSpan={2} />
                  </tr>
                ) : null
              }
            />
          </>
        )}
      </div>
      <div className="flex justify-end rounded-b-lg border-t border-slate-200 bg-slate-50 px-5 py-3 sm:px-6">
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void close()} disabled={saving}>
          Cerrar
        </button>
      </div>
    </DialogFrame>
  );
}
