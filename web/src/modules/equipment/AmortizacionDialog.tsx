import { useQuery } from '@tanstack/react-query';
import { fetchOk } from '../../api/client';
import { PRIMARY_BUTTON } from '../../ui/dialogs/buttonClasses';
import { CloseFooter, DialogFrame } from '../../ui/dialogs/DialogFrame';
import { Spinner } from '../../ui/dialogs/Spinner';
import { TextField } from '../../ui/dialogs/TextField';
import { MonthField } from '../../ui/DateField';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { formatMoney } from '@shared/money';
import { useRecordForm } from '../../ui/resource/useRecordForm';
import { DialogHeader } from '../../ui/dialogs/DialogHeader';
import { equipoAmortizacion } from './equipment.resource';
import type { AmortizationItem, AmortizationMonth, EquipoTarget } from './equipmentTypes';
import { MonthStateChip } from './MonthStateChip';
import { SubTable } from '../../ui/list/SubTable';
import { sumCents } from '@shared/money';
import { businessToday } from '@shared/time';
import { RetryLine } from '../../ui/dialogs/LoadState';

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
  const { confirm } = useConfirm();
  const record = useRecordForm(equipoAmortizacion, {
    id: equipo ? equipo.id : null,
    empty: { meses: '', inicio: '' },
    toValues: (item) => ({ meses: item.amortizacion ? String(item.amortizacion) : '', inicio: (item.amortizacion_inicio as string | null)?.slice(0, 7) ?? thisMonth() }),
    toPayload: (values) => ({ id, amortizacion: values.meses === '' ? 0 : values.meses, amortizacion_inicio: values.inicio || null }),
    // The dialog stays on the machine: its figures and calendar follow the new plan.
    onSaved: () => 'stay',
    onClose,
  });
  const { form } = record;
  const calendar = useQuery({
    queryKey: ['equipo_amortizacion_calendario', id],
    queryFn: async () => (await fetchOk<{ items: AmortizationMonth[] }>('GET', '/equipo_amortizacion_calendario', { id })).items,
    enabled: id > 0,
  });

  const dirty = canEdit && form.dirty;
  const saving = record.submitting;

  async function close() {
    if (saving) return;
    if (dirty && !(await confirm({ message: 'Los datos que ha introducido se perderán.' }))) return;
    onClose();
  }

  const data = record.reply?.item as AmortizationItem | undefined;
  const rows = calendar.data ?? [];
  return (
    <DialogFrame open={equipo !== null} onClose={() => void close()} size="xl">
      <DialogHeader title="Amortización" subtitle={equipo ? [equipo.codigo, equipo.descripcion].filter(Boolean).join(' - ') : ''} onClose={() => void close()} />
      <div className="space-y-5 px-5 py-5 sm:px-6">
        {record.loadError ? (
          <RetryLine message={record.loadError} onRetry={record.retryLoad} />
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
                  if (!saving) void record.submit();
                }}
              >
                <TextField
                  className="w-48"
                  label="Meses de amortización"
                  inputMode="numeric"
                  maxLength={3}
                  value={form.values.meses}
                  onChange={(value) => form.set('meses', value.replace(/\D/g, ''))}
                  error={form.fieldError('amortizacion')}
                  hint="0 quita el plan."
                />
                <MonthField
                  className="w-48"
                  label="Mes de inicio"
                  value={form.values.inicio}
                  onChange={(value) => form.set('inicio', value)}
                  error={form.fieldError('amortizacion_inicio')}
                />
                <button type="submit" className={`${PRIMARY_BUTTON} mt-6`} disabled={saving || !dirty}>
                  {saving ? <Spinner className="size-4" /> : null}
                  Guardar plan
                </button>
                {record.message && !record.loadError ? (
                  <p role="alert" className="basis-full text-sm text-rose-700">
                    {record.message}
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
      <CloseFooter onClose={() => void close()} disabled={saving} />
    </DialogFrame>
  );
}
