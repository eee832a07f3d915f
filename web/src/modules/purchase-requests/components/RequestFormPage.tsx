import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import type { RequestKind } from '@shared/purchase-request-codes';
import { MSG_FILE_OPENED } from '@shared/messages';
import { formatDateTime } from '@shared/time';
import { openInNewTab } from '../../../api/openInNewTab';
import type { Envelope } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { SavedRecordActions } from '../../../ui/history/SavedRecordActions';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { useToast } from '../../../ui/toast/useToast';
import { CONFIRM_IRREVERSIBLE, CONFIRM_OPERATION, KIND_LABELS } from '../internal/requestMessages';
import { isSaved, kindOf, requestPayload, toRequestValues, type RequestValues } from '../internal/requestValues';
import { requestSave } from '../purchaseRequests.resource';
import type { RequestFormReply } from '../requestTypes';
import { RequestStateChip } from './Chips';
import { CostCentrePanel } from './CostCentrePanel';
import { MobilisationPanel } from './MobilisationPanel';
import { PageHead, PageLoading } from './PageHead';
import { RequestActionBar } from './RequestActionBar';
import { RequestDataPanel } from './RequestDataPanel';
import { RequestDocumentsPanel } from './RequestDocumentsPanel';
import { RequestLinesPanel } from './RequestLinesPanel';
import { RequestNotices } from './RequestNotices';
import { WorkPanel } from './WorkPanel';

const LIST = '/solicitudes_compras';
const TITLES: Record<RequestKind, string> = { compra: 'Nueva solicitud de compra', servicio: 'Nueva solicitud de servicio', despacho: 'Nueva solicitud de despacho' };

const EMPTY: RequestValues = toRequestValues({ id: 0, tipo: null, id_obra: null, id_supervisor: 0, nombre_supervisor: null, apellido_supervisor: null, editable: 1, productos_solicitados: [], documentos: [], objeto_estado: null, protected: 0 });

type Props = { id: number; tipo?: RequestKind };

/** /solicitudes_compras/nuevo?tipo=… and /solicitudes_compras/{id}/editar (seed 002 §2, §4, §5):
 * the request's header (code, OT, site, requester, request type, resource, dates, cost centre —
 * the equipment for a direct one, the indirect cost centre and its element for an indirect one —,
 * the mobilisation fields of a service, the work to do) and its products. Type, resource,
 * classification, indirect centre, element and mobilisation type are selects over their
 * admin-editable catalogues (/fil_datas/...); the rules stay on ids (type 1 asks for the cost-centre
 * type, mobilisation type 2 for classification, cost centre and resource). Rules:
 * - editable while the server says so (`editable`: borrador or observado) and with the edit right;
 *   once sent every field is disabled; the site locks once saved, the request type once one was
 *   chosen and saved (a borrador generated from its work order still takes it); the
 *   products of a compra generated from its work order are the order's (locked);
 * - Guardar saves (create with an OT, create_not_ot without); a new request then opens on its own
 *   address; Enviar asks first and saves with terminado=1, then the list;
 * - another indirect centre clears the element; a mobilisation type with a fixed resource code
 *   (its catalogue row) fills the third-party resource and locks it;
 * - a 422 puts each message under its field (product rows included) and the msg on top; a 409
 *   (the request moved on meanwhile) offers 'Recargar'; another user's change is announced live;
 * - the observation or rejection reason shows on top; leaving with unsaved changes asks first. */
export function RequestFormPage({ id, tipo = 'compra' }: Props) {
  const navigate = useNavigate();
  const me = useMe();
  const rights = moduleRights(me.data, LIST);
  const canSeeLog = me.data?.is_root || moduleRights(me.data, '/solicitud_compra_logs').see;
  const { confirm } = useConfirm();
  const { show } = useToast();
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const inFlight = useRef(false);
  const formRef = useRef<HTMLElement>(null);
  const sending = useRef(false);
  /** The version loaded: a save sends it back, and the live watch compares pushes with it. */
  const loaded = useRef(0);

  const record = useRecordForm<RequestValues, Envelope & RequestFormReply>(requestSave, {
    id,
    empty: EMPTY,
    toValues: (item) => {
      const formItem = item as RequestFormReply['item'];
      loaded.current = isSaved(formItem) ? formItem.version : 0;
      return toRequestValues(formItem);
    },
    toPayload: (values, extra, reply) =>
      requestPayload(values, {
        id,
        version: loaded.current,
        tipo: reply ? kindOf(reply.item, tipo) : tipo,
        terminado: extra.terminado === 1 ? 1 : 0,
      }),
    watch: id > 0 ? { topic: `purchase_request:${id}`, version: loaded.current } : undefined,
    // A saved request that moved on meanwhile (409) is read again on request; a new one's refusal
    // (its work order closed or already linked) is the form's message, the values kept.
    onRefused: async ({ status, envelope }) => {
      if (status !== 409 || id === 0) return false;
      record.setMessage(envelope.msg);
      if (await confirm({ title: 'No se pudo guardar', message: envelope.msg, confirmLabel: 'Recargar', cancelLabel: 'Cerrar' })) {
        record.setMessage('');
        record.retryLoad();
      }
      return true;
    },
    onSaved: ({ envelope }) => {
      // Moving on: the saved values are not yet the rendered baseline, so the prompt is told. A save
      // that stays reads the request again (its new version), which makes them the baseline.
      if (sending.current || envelope.is_new) allowLeave();
      if (sending.current) void navigate({ to: LIST });
      else if (envelope.is_new) void navigate({ to: '/solicitudes_compras/$id/editar', params: { id: String(envelope.id) }, replace: true });
      return 'stay';
    },
    onClose: () => void navigate({ to: LIST }),
  });
  const { form, reply } = record;
  const { allowLeave } = useLeavePrompt(form.dirty);

  const item = reply?.item;
  const saved = item && isSaved(item) ? item : null;
  const kind = item ? kindOf(item, tipo) : tipo;
  const readOnly = !item || item.editable !== 1 || !rights.edit;
  const fromOrder = saved?.creado_desde_ot === 1;
  const productsLocked = readOnly || (fromOrder && saved?.tipo === 1);
  const busy = saving !== null;

  async function save(terminado: 0 | 1) {
    if (inFlight.current || readOnly) return;
    if (terminado === 1 && !(await confirm({ title: CONFIRM_OPERATION, message: CONFIRM_IRREVERSIBLE, confirmLabel: 'Enviar' }))) return;
    inFlight.current = true;
    sending.current = terminado === 1;
    setSaving(terminado);
    record.setMessage('');
    const result = await record.submit({ terminado });
    if (!result.envelope.ok) requestAnimationFrame(() => document.querySelector('[data-request-form] p[role="alert"]')?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
    inFlight.current = false;
    sending.current = false;
    setSaving(null);
  }

  // The PDF opens in a new tab by the seed's form POST with the id and the token (seed 000 §7).
  function pdf() {
    if (!saved) return;
    const failed = openInNewTab('/solicitudes_compras/PDF', { id_solicitud_compra: saved.id });
    show(failed ?? MSG_FILE_OPENED, failed ? 'error' : 'success');
  }

  const head = (
    <PageHead
      title={saved ? `Solicitud ${saved.codigo}` : TITLES[kind]}
      subtitle={saved ? [KIND_LABELS[saved.tipo], saved.nombre_obra ?? saved.codigo_obra, `creada el ${formatDateTime(saved.fecha_creado)}`].filter(Boolean).join(' · ') : 'El código se genera al guardar.'}
      onBack={() => void navigate({ to: LIST })}
      backLabel="Volver a la lista"
    >
      {saved ? <RequestStateChip estado={saved.estado} nombre={saved.estado_nombre} /> : null}
      {saved && canSeeLog ? (
        <Link to="/solicitud_compra_logs" search={{ target: 'purchase_request', id_target: saved.id }} className={`${SECONDARY_BUTTON} sm:w-auto`}>
          Ver actividad
        </Link>
      ) : null}
      {saved ? <SavedRecordActions onPdf={pdf} streamType="purchase_request" id={saved.id} label={`Solicitud ${saved.codigo}`} /> : null}
    </PageHead>
  );

  if (!item) {
    return <PageLoading head={head} error={record.loadError} onRetry={record.retryLoad} backLabel="Volver a la lista" onBack={() => void navigate({ to: LIST })} />;
  }

  return (
    <section ref={formRef} className="mx-auto max-w-7xl space-y-4" data-request-form aria-busy={busy}>
      {head}
      <RequestNotices item={item} canEdit={rights.edit} readOnly={readOnly} productsLocked={productsLocked} stale={record.stale} onReload={() => record.retryLoad()} />
      <FormErrorBanner message={record.message} scope={formRef} attempt={record.attempt} />
      <RequestDataPanel form={form} item={item} readOnly={readOnly} />
      <CostCentrePanel form={form} readOnly={readOnly} />
      {kind === 'servicio' ? <MobilisationPanel form={form} readOnly={readOnly} /> : null}
      <WorkPanel form={form} readOnly={readOnly} />
      <RequestLinesPanel form={form} service={kind === 'servicio'} locked={productsLocked} busy={busy} />
      <RequestDocumentsPanel form={form} readOnly={readOnly} busy={busy} onVersion={(version) => {
          loaded.current = version;
        }} />
      <RequestActionBar dirty={form.dirty} readOnly={readOnly} saving={saving} onBack={() => void navigate({ to: LIST })} onSave={(terminado) => void save(terminado)} />
    </section>
  );
}
