import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import { CONFIRM_PURCHASE_REQUEST, MSG_VALIDATION } from '@shared/messages';
import { formatDateTime } from '@shared/time';
import { isOwnWrite } from '../../../api/ownWrites';
import type { Envelope } from '../../../api/envelope';
import { useLiveTopic } from '../../../shell/live/useLiveTopic';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { MessageDialog } from '../../../ui/dialogs/MessageDialog';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../../ui/dialogs/useErrorDialog';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useRecordActions } from '../../../ui/resource/useRecordActions';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { useWrite } from '../../../ui/resource/useWrite';
import { toOption } from '../../../ui/select/selectOption';
import { CONFIRM_IRREVERSIBLE, CONFIRM_OPERATION } from '../../purchase-requests/internal/requestMessages';
import { PageHead, PageLoading, Panel } from '../../purchase-requests/components/PageHead';
import { EstadoChip } from '../../work-orders/components/EstadoChip';
import type { UnitOption } from '../../work-orders/workOrderTypes';
import { lineProblems, sitePayload, toSiteValues, type SiteLine, type SiteValues } from '../internal/siteValues';
import { siteOrders } from '../siteWarehouse.resource';
import type { SiteOrderFormReply, SiteOrderItem } from '../siteWarehouseTypes';
import { MaterialsChip } from './MaterialsChip';
import { SiteLineCard } from './SiteLineCard';
import { WorkOrderReadOnly } from './WorkOrderReadOnly';
import { InfoItem } from '../../../ui/detail/InfoItem';
import { postCall } from '../../../api/typed';

const LIST = '/almacen_obra_ots';
const EMPTY: SiteValues = { productos_solicitados: [] };
/** Phone-sized tap targets (≥ 44 px) on the page's own buttons. */
const TAP = 'min-h-11';

/** /almacen_obra_ots/{id}/editar, the site warehouse's 'Pedido' of a work order (seed 002 §4-5):
 * the order's header and its data as the warehouses see it (read-only: readings, third party,
 * people, diagnoses and interventions), then one card per spare part: the material (or 'Crear material'
 * with its description), the unit, what the technician asked for, the stock found on site (capped
 * at the request), stock taken from another request's product (the site stock then locked), and
 * 'Por solicitar', computed as it is typed (the server computes it again). Buttons: Guardar and
 * Atendido (asks first; the Pedido then locks) while the server says it is editable; 'Reenviar a
 * SICAM' for a material-creation request not sent; 'Generar solicitud de compra' once attended.
 * Read-only otherwise, with the reason. Live: another user's change to the order reads it again
 * (or, over unsaved changes, offers 'Recargar'). */
export function SiteOrderPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { run } = useRecordActions(siteOrders);
  const { write } = useWrite(siteOrders.invalidates);
  const [saving, setSaving] = useState<0 | 1 | 'generar' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const formRef = useRef<HTMLElement>(null);
  const record = useRecordForm<SiteValues, Envelope & SiteOrderFormReply>(siteOrders, {
    id,
    empty: EMPTY,
    toValues: (item) => toSiteValues(item as SiteOrderItem),
    toPayload: (values, extra) => sitePayload(values, id, extra.terminado === 1 ? 1 : 0),
    // Attended, closed or cancelled meanwhile: say so and show the Pedido as it now is.
    onRefused: async ({ status, envelope }) => {
      if (status !== 409) return false;
      await showError({ message: envelope.msg || undefined });
      reload();
      return true;
    },
    // The Pedido stays on screen, read again: the saved values become its baseline.
    onSaved: () => 'stay',
    onClose: () => void navigate({ to: LIST }),
  });
  const { allowLeave } = useLeavePrompt(record.form.dirty);
  const { form, reply } = record;
  const item = reply?.item;
  const lines = form.values.productos_solicitados;
  const editable = !!reply?.editable;
  const busy = saving !== null || record.submitting;
  const units = useMemo<UnitOption[]>(
    () => (reply?.unidades ?? []).map((u) => toOption<number>(u)).filter((u): u is UnitOption => u !== null).map((u) => ({ value: Number(u.value), label: u.label })),
    [reply?.unidades],
  );

  function reload() {
    setStale(false);
    record.retryLoad();
  }

  // Another user's change to this work order (the supervisor's save, the worker's SICAM reply):
  // read it again, unless there is unsaved work on screen (then 'Recargar' is offered).
  useLiveTopic([`work_order:${id}`], (push) => {
    if (isOwnWrite(push.correlationId) || !item) return;
    if (typeof push.version === 'number' && push.version <= item.version) return;
    if (form.dirty) setStale(true);
    else reload();
  });

  function update(index: number, next: SiteLine) {
    form.set(
      'productos_solicitados',
      lines.map((l, i) => (i === index ? next : l)),
    );
    const prefix = `productos_solicitados.${index}.`;
    if (Object.keys(form.errors).some((k) => k.startsWith(prefix))) form.setErrors(Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith(prefix))));
  }

  async function save(terminado: 0 | 1) {
    if (busy || !editable) return;
    const problems = lineProblems(form.values);
    if (Object.keys(problems).length) {
      form.setErrors(problems);
      record.setMessage(MSG_VALIDATION);
      record.failed();
      return;
    }
    if (terminado === 1 && !(await confirm({ title: CONFIRM_OPERATION, message: CONFIRM_IRREVERSIBLE, confirmLabel: 'Atendido' }))) return;
    setSaving(terminado);
    await record.submit({ terminado });
    setSaving(null);
  }

  function resend() {
    void run({ call: postCall('/almacen_obra_ots/enviarASicamSolicitudMateriales', { id_orden_trabajo: id }), onOk: () => reload() });
  }

  async function generate() {
    if (busy || !(await confirm({ message: CONFIRM_PURCHASE_REQUEST, confirmLabel: 'Generar' }))) return;
    setSaving('generar');
    const { envelope } = await write(postCall('/almacen_obra_ots/crearPreSolicitud', { id_orden_trabajo: id }));
    setSaving(null);
    if (!envelope.ok) {
      await showError({ message: envelope.msg || undefined });
      return;
    }
    setNotice(envelope.msg || 'Solicitud de compra generada.');
    reload();
  }

  const head = (
    <PageHead
      title={item ? `Pedido OT ${item.codigo}` : 'Pedido'}
      subtitle={item ? [item.obra ?? item.codigo_obra, item.equipo_codigo].filter(Boolean).join(' · ') : undefined}
      onBack={() => void navigate({ to: LIST })}
      backLabel="Volver a los pedidos"
    >
      {item ? <EstadoChip estado={item.estado} /> : null}
    </PageHead>
  );

  if (!item || !reply) {
    return <PageLoading head={head} error={record.loadError} onRetry={record.retryLoad} backLabel="Volver a los pedidos" onBack={() => void navigate({ to: LIST })} />;
  }

  const idSolicitud = Number(item.id_solicitud_compra ?? 0);
  const hasActions = editable || reply.puede_reenviar_sicam || reply.puede_generar_solicitud;

  return (
    <section ref={formRef} className="mx-auto max-w-7xl space-y-4" aria-busy={busy}>
      {head}
      {!editable ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {reply.motivo_bloqueo || 'Solo lectura: no puede modificar este pedido.'}
        </p>
      ) : null}
      {stale ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Otro usuario modificó esta orden de trabajo.
          <button
            type="button"
            className={`${TAP} font-semibold underline`}
            onClick={() => {
              allowLeave();
              reload();
            }}
          >
            Recargar
          </button>
        </div>
      ) : null}
      <FormErrorBanner message={record.message} scope={formRef} attempt={record.attempt} />

      <Panel title="Orden de trabajo">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:grid-cols-3 xl:grid-cols-5">
          <InfoItem label="Código">{item.codigo}</InfoItem>
          <InfoItem label="Obra">{[item.codigo_obra, item.obra].filter(Boolean).join(' · ')}</InfoItem>
          <InfoItem label="Equipo">{[item.equipo_codigo, item.equipo_descripcion].filter(Boolean).join(' · ')}</InfoItem>
          <InfoItem label="Apertura">{formatDateTime(item.fecha_apertura_ot)}</InfoItem>
          <InfoItem label="Cierre">{item.fecha_cierre_ot ? formatDateTime(item.fecha_cierre_ot) : ''}</InfoItem>
          <InfoItem label="Supervisor">{item.supervisor}</InfoItem>
          <InfoItem label="Mecánico">{item.mecanico}</InfoItem>
          <InfoItem label="Estado">
            <EstadoChip estado={item.estado} />
          </InfoItem>
          <InfoItem label="Solicitud de compra">
            {idSolicitud > 0 ? (
              <Link to="/solicitudes_compras/$id/editar" params={{ id: String(idSolicitud) }} className="inline-flex min-h-11 items-center text-teal-800 underline hover:text-teal-900 sm:min-h-0">
                {item.codigo_solicitud_compra || `N° ${idSolicitud}`}
              </Link>
            ) : null}
          </InfoItem>
          {Number(item.tiene_productos_en_solicitud_material) === 1 ? (
            <InfoItem label="Creación de materiales">
              <MaterialsChip order={item} wrap />
            </InfoItem>
          ) : null}
        </dl>
        {reply.labels.length ? (
          <ul className="mt-3 flex flex-wrap gap-2" aria-label="Estado de los repuestos">
            {reply.labels.map((label) => (
              <li key={label} className="rounded-md bg-amber-50 px-2.5 py-1 text-xs font-semibold tracking-wide text-amber-900 ring-1 ring-amber-600/20 ring-inset">
                {label}
              </li>
            ))}
          </ul>
        ) : null}
      </Panel>

      <WorkOrderReadOnly item={item} />

      <Panel title="Repuestos" flush>
        {lines.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">Esta orden de trabajo no tiene repuestos.</p>
        ) : (
          <ol className="divide-y divide-slate-200" aria-label={`Repuestos de la OT ${item.codigo}`}>
            {lines.map((line, i) => (
              <SiteLineCard
                key={line.id}
                line={line}
                n={i + 1}
                idObra={item.id_obra ?? 0}
                units={units}
                conversions={reply.conversion_unidades}
                editable={editable && !busy}
                error={(field) => form.fieldError(field ? `productos_solicitados.${i}.${field}` : `productos_solicitados.${i}`)}
                onChange={(next) => update(i, next)}
              />
            ))}
          </ol>
        )}
      </Panel>

      {hasActions ? (
        <div className="sticky bottom-0 z-10 -mx-1 grid grid-cols-2 gap-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur sm:flex sm:items-center sm:justify-end">
          <p className="col-span-2 text-sm text-slate-500 empty:hidden sm:me-auto sm:block" aria-live="polite">
            {form.dirty && editable ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
          </p>
          {reply.puede_reenviar_sicam ? (
            <button type="button" className={`${SECONDARY_BUTTON} ${TAP} col-span-2`} onClick={resend} disabled={busy}>
              Reenviar a SICAM
            </button>
          ) : null}
          {reply.puede_generar_solicitud ? (
            <button type="button" className={`${PRIMARY_BUTTON} ${TAP} col-span-2`} onClick={() => void generate()} disabled={busy}>
              {saving === 'generar' ? <Spinner className="size-4" /> : null}
              Generar solicitud de compra
            </button>
          ) : null}
          {editable ? (
            <>
              <button type="button" className={`${SECONDARY_BUTTON} ${TAP}`} onClick={() => void save(0)} disabled={busy}>
                {saving === 0 ? <Spinner className="size-4" /> : null}
                Guardar
              </button>
              {reply.puede_atender ? (
                <button type="button" className={`${PRIMARY_BUTTON} ${TAP} bg-emerald-700 hover:bg-emerald-800 disabled:bg-emerald-700/50`} onClick={() => void save(1)} disabled={busy}>
                  {saving === 1 ? <Spinner className="size-4" /> : null}
                  Atendido
                </button>
              ) : null}
            </>
          ) : null}
        </div>
      ) : null}
      <MessageDialog open={notice !== null} tone="info" title="Aviso" message={notice ?? ''} onClose={() => setNotice(null)} />
    </section>
  );
}
