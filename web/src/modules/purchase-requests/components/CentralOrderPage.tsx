import { useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { formatNumber } from '@shared/money';
import { formatDate } from '@shared/time';
import type { Envelope } from '../../../api/envelope';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { CellInput } from '../../../ui/form/CellInput';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useRecordActions } from '../../../ui/resource/useRecordActions';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { centralPayload, toCentralValues, type CentralLine, type CentralValues } from '../internal/centralValues';
import { quantityInput, quantityValue, remaining } from '../internal/quantity';
import { CONFIRM_IRREVERSIBLE, CONFIRM_OBSERVE, CONFIRM_OPERATION, KIND_LABELS, REASON_PLACEHOLDER } from '../internal/requestMessages';
import { centralOrders } from '../purchaseRequests.resource';
import type { CentralFormReply } from '../requestTypes';
import { RequestStateChip } from './Chips';
import { PageHead, PageLoading, Panel, ReasonNotice } from './PageHead';
import { InfoItem } from '../../../ui/detail/InfoItem';
import { postCall } from '../../../api/typed';

const LIST = '/almacen_central_ots';
const TH = 'px-3 py-2 text-start align-bottom text-xs font-semibold tracking-wide text-slate-600 uppercase';
const EMPTY: CentralValues = { productos_solicitados: [] };

/** /almacen_central_ots/{id}/editar, the central warehouse's 'Pedido' (seed 002 §2, §4): per
 * product the quantity the site asked for, the stock the central warehouse has for it (typed,
 * capped at the request), what is left to request from purchasing (computed as it is typed),
 * whether it is all in the central warehouse (1/0, automatic) and an observation. Buttons:
 * Guardar; Atendido (asks first; the request moves on to approval, or is served when nothing is
 * left to buy); Observar (asks the reason; the request goes back to its requester); Actualizar
 * Estados (asks SICAM for the order's progress, once attended). The server says which apply
 * (`puede_atender`, `puede_observar`, `puede_actualizar`); otherwise the Pedido is read-only.
 * Leaving with unsaved quantities asks first. */
export function CentralOrderPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const formRef = useRef<HTMLElement>(null);
  const { run } = useRecordActions(centralOrders);
  const record = useRecordForm<CentralValues, Envelope & CentralFormReply>(centralOrders, {
    id,
    empty: EMPTY,
    toValues: (item) => toCentralValues(item as CentralFormReply['item']),
    toPayload: (values, extra) => centralPayload(values, id, extra.terminado === 1 ? 1 : 0),
    // The Pedido stays on screen, read again: the saved values become its baseline.
    onSaved: () => 'stay',
    onClose: () => void navigate({ to: LIST }),
  });
  // Unsaved quantities ask before leaving (a save reads the Pedido again: nothing is left unsaved).
  useLeavePrompt(record.form.dirty);
  const { form, reply } = record;
  const item = reply?.item;
  const lines = form.values.productos_solicitados;
  const editable = !!reply?.puede_atender;
  const busy = saving !== null || record.submitting;

  function update(index: number, change: Partial<CentralLine>) {
    form.set(
      'productos_solicitados',
      lines.map((l, i) => (i === index ? { ...l, ...change } : l)),
    );
    const prefix = `productos_solicitados.${index}.`;
    if (Object.keys(form.errors).some((k) => k.startsWith(prefix))) form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith(prefix))));
  }

  async function save(terminado: 0 | 1) {
    if (busy || !editable) return;
    if (terminado === 1 && !(await confirm({ title: CONFIRM_OPERATION, message: CONFIRM_IRREVERSIBLE, confirmLabel: 'Atendido' }))) return;
    setSaving(terminado);
    await record.submit({ terminado });
    setSaving(null);
  }

  function observe() {
    void run({
      call: (motivo) => postCall('/solicitudes_compras/observar', { id_solicitud_compra: id, motivo_observado: motivo }),
      confirm: { title: CONFIRM_OBSERVE, message: `Solicitud ${item?.codigo ?? ''}. Volverá a su solicitante con el motivo.`, confirmLabel: 'Observar', prompt: { label: 'Motivo', placeholder: REASON_PLACEHOLDER, required: true } },
      onOk: () => record.retryLoad(),
    });
  }

  function refreshStates() {
    void run({ call: postCall('/almacen_central_ots/actualizarEstados', { id_solicitud_compra: id }), onOk: () => record.retryLoad() });
  }

  const head = (
    <PageHead
      title={item ? `Pedido ${item.codigo}` : 'Pedido'}
      subtitle={item ? [item.nombre_obra ?? item.codigo_obra, item.codigo_orden_trabajo ? `OT ${item.codigo_orden_trabajo}` : null].filter(Boolean).join(' · ') : undefined}
      onBack={() => void navigate({ to: LIST })}
      backLabel="Volver a los pedidos"
    >
      {item ? <RequestStateChip estado={item.estado} nombre={item.estado_nombre} /> : null}
    </PageHead>
  );

  if (!item) {
    return <PageLoading head={head} error={record.loadError} onRetry={record.retryLoad} backLabel="Volver a los pedidos" onBack={() => void navigate({ to: LIST })} />;
  }

  return (
    <section ref={formRef} className="mx-auto max-w-7xl space-y-4" aria-busy={busy}>
      {head}
      {item.estado === 8 && item.motivo_observado ? <ReasonNotice title="Solicitud observada" text={item.motivo_observado} tone="amber" /> : null}
      {!editable ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {item.atendido_por_almacen_central === 1 ? 'Pedido atendido por el almacén central.' : 'Este pedido no espera al almacén central: solo lectura.'}
        </p>
      ) : null}
      <FormErrorBanner message={record.message} scope={formRef} attempt={record.attempt} />

      <Panel title="Solicitud">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-6">
          <InfoItem label="Código">{item.codigo}</InfoItem>
          <InfoItem label="Tipo">{KIND_LABELS[item.tipo]}</InfoItem>
          <InfoItem label="Obra">{item.nombre_obra ?? item.codigo_obra}</InfoItem>
          <InfoItem label="OT">{item.codigo_orden_trabajo}</InfoItem>
          <InfoItem label="Solicitante">{[item.nombre_supervisor, item.apellido_supervisor].filter(Boolean).join(' ')}</InfoItem>
          <InfoItem label="Fecha de necesidad">{formatDate(item.fecha_requerimiento)}</InfoItem>
        </dl>
        {item.descripcion_trabajo ? <p className="mt-3 text-sm whitespace-pre-wrap text-slate-700">{item.descripcion_trabajo}</p> : null}
      </Panel>

      <Panel title="Productos" flush>
        {lines.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full min-w-[52rem] border-collapse text-sm" aria-label={`Productos del pedido ${item.codigo}`}>
              <thead className="bg-slate-50">
                <tr>
                  <th scope="col" className={`${TH} w-10`}>
                    N°
                  </th>
                  <th scope="col" className={TH}>
                    Código
                  </th>
                  <th scope="col" className={TH}>
                    Descripción
                  </th>
                  <th scope="col" className={TH}>
                    UDM
                  </th>
                  <th scope="col" className={`${TH} text-end`}>
                    Cantidad solicitada
                  </th>
                  <th scope="col" className={`${TH} w-28`}>
                    Stock almacén central
                  </th>
                  <th scope="col" className={`${TH} text-end`}>
                    Cantidad a solicitar
                  </th>
                  <th scope="col" className={`${TH} text-center`}>
                    En almacén central
                  </th>
                  <th scope="col" className={`${TH} w-56`}>
                    Observación
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => {
                  const n = i + 1;
                  const rest = remaining(l.solicitada, quantityValue(l.stock));
                  const err = (field: string) => form.fieldError(`productos_solicitados.${i}.${field}`);
                  return (
                    <tr key={l.id} className="border-t border-slate-100">
                      <td className="px-3 py-3 align-top text-slate-500 tabular-nums">{n}</td>
                      <td className="px-3 py-3 align-top font-medium whitespace-nowrap">{l.codigo || '—'}</td>
                      <td className="px-3 py-3 align-top">{l.descripcion || '—'}</td>
                      <td className="px-3 py-3 align-top">{l.unidad || '—'}</td>
                      <td className="px-3 py-3 text-end align-top tabular-nums">{formatNumber(l.solicitada)}</td>
                      <td className="px-3 py-2 align-top">
                        <CellInput
                          label={`Stock almacén central (fila ${n})`}
                          inputMode="decimal"
                          value={l.stock}
                          disabled={!editable || busy}
                          onChange={(v) => update(i, { stock: quantityInput(v, l.solicitada) })}
                          error={err('cantidad_en_almacen_central')}
                        />
                      </td>
                      <td className="px-3 py-3 text-end align-top font-semibold tabular-nums" aria-live="polite" aria-label={`Cantidad a solicitar (fila ${n})`}>
                        {formatNumber(rest)}
                      </td>
                      <td className="px-3 py-3 text-center align-top tabular-nums" aria-label={`En almacén central (fila ${n})`}>
                        <span className={`inline-flex min-w-7 justify-center rounded-full px-2 py-0.5 text-xs font-semibold ${rest === 0 ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-600'}`}>
                          {rest === 0 ? 1 : 0}
                        </span>
                      </td>
                      <td className="px-3 py-2 align-top">
                        <CellInput
                          label={`Observación (fila ${n})`}
                          value={l.observacion}
                          maxLength={500}
                          disabled={!editable || busy}
                          onChange={(v) => update(i, { observacion: v })}
                          error={err('observacion_almacen_central')}
                        />
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </Panel>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col-reverse gap-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-500 sm:me-auto" aria-live="polite">
          {form.dirty && editable ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
        </p>
        <button type="button" className={SECONDARY_BUTTON} onClick={refreshStates} disabled={busy || !reply?.puede_actualizar} title={reply?.puede_actualizar ? 'Consultar a SICAM el avance de la orden de compra' : 'Disponible una vez atendido, hasta que la solicitud se finalice'}>
          Actualizar Estados
        </button>
        {reply?.puede_observar ? (
          <button type="button" className={`${SECONDARY_BUTTON} text-amber-800`} onClick={observe} disabled={busy}>
            Observar
          </button>
        ) : null}
        {editable ? (
          <>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => void save(0)} disabled={busy}>
              {saving === 0 ? <Spinner className="size-4" /> : null}
              Guardar
            </button>
            <button type="button" className={`${PRIMARY_BUTTON} bg-emerald-700 hover:bg-emerald-800 disabled:bg-emerald-700/50`} onClick={() => void save(1)} disabled={busy}>
              {saving === 1 ? <Spinner className="size-4" /> : null}
              Atendido
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
