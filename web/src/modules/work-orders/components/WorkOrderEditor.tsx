import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../../ui/dialogs/useErrorDialog';
import { MessageDialog } from '../../../ui/dialogs/MessageDialog';
import { useDialogQueue } from '../../../ui/dialogs/useDialogQueue';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { useRecordForm, type AfterSave } from '../../../ui/resource/useRecordForm';
import { useWrite } from '../../../ui/resource/useWrite';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import { MSG_DELETED, MSG_SAVED, MSG_VALIDATION } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { EditorActionBar } from './EditorActionBar';
import { OrderDataSection } from './OrderDataSection';
import { OrderLineTabs } from './OrderLineTabs';
import { TimesSection } from './TimesSection';
import { saveRequest } from '../internal/saveRequest';
import { useWorkOrderForm, type WorkOrderForm } from '../hooks/useWorkOrderForm';
import { validateWorkOrder } from '../internal/validateWorkOrder';
import { wallClockNow } from '@shared/time';
import { workOrders } from '../workOrders.resource';
import type { WorkOrderFormReply } from '../workOrderTypes';
import { toFormValues, type LineTable, type WorkOrderValues } from '../internal/workOrderValues';
import { closeTotalBlocker, initialSupervisor, machineReading, proposedReading, readingSource, type WorkOrderMode } from '../internal/formDefaults';
import { firstTabWithError } from '../internal/lineTabs';
import { ask, postCall } from '../../../api/typed';

export type { WorkOrderMode };

const LIST = '/ordenes_trabajo';
const ROW_REMOVE_MESSAGE = '¿Seguro que quieres eliminar esta fila?';

type Props = {
  reply: WorkOrderFormReply;
  mode: WorkOrderMode;
  /** The user's edit right on /ordenes_trabajo. */
  canEdit: boolean;
  /** Loads the order again from the server (after a conflict). */
  onReload(): void;
  /** A saved order was saved again and stays open: the page reads it again (the new baseline). */
  onSaved(): void;
  /** The selected line tab (the page keeps it across the reading after a save) and its change. */
  lineTab: number;
  onLineTab(index: number): void;
};

/** An opening reading proposed from a machine: the text put in the field, the lookup's words and
 * a short note of where it came from. */
type Proposal = { value: string; msg: string; hint: string };

/** The work-order form (seed 001 §2, §4, §5): a compact header (order, dates with their
 * hour-meter readings, people with their signatures, third party), the four line tables in tabs,
 * and the two closing buttons. Rules:
 * - permissions.locked (closed or cancelled) disables every field and line; parts_locked the parts
 *   table; equipment_locked the equipment; a user without the edit right reads only;
 * - changing the site clears operator, mechanic, supervisor (and their signatures), equipment,
 *   plate and serial; choosing the equipment fills plate and serial;
 * - a new order proposes the signed-in user as supervisor when they can be one (the server's blank
 *   order, save-work-order.ts defaultSupervisor) and proposes them again after a site change;
 * - choosing a machine proposes the opening reading ('Horómetro de apertura') from the machine, as
 *   the hour-meter dialog does (GET /horometros/infoHorometroEquipo), while that field is empty or
 *   still holds the previous proposal;
 * - 'No requiere productos de almacén' clears the parts (after a confirmation when there are
 *   some) and hides the table;
 * - the line tables are tabs (Headless UI: arrow keys, Home/End), each with its row count and a
 *   dot when one of its lines has an error; a failed save opens the first tab with an error;
 * - CIERRE MECÁNICO saves with terminado 0; CIERRE TOTAL (terminado 1) asks first, is offered only
 *   when permissions.can_close_total, and fills an empty closing date with now; both are disabled
 *   while saving; the replicate screen has only CIERRE MECÁNICO; a disabled CIERRE TOTAL says why
 *   (closeTotalBlocker) in a hint beside it, its title and its aria-describedby;
 * - a new order's save (the reply's is_new, seed 001 §4) answers with the 'Aviso' dialog and the
 *   reply's message; any other save with a toast. CIERRE MECÁNICO keeps the user on the order
 *   (docs/DECISIONS.md, deliberate differences): a new order opens at its edit address once the
 *   'Aviso' is closed, a saved one is read again (its saved values, with their line ids, become
 *   the baseline); only CIERRE TOTAL goes back to the list; a 409 (someone else saved meanwhile,
 *   or the order was closed) shows the msg and offers 'Recargar';
 * - leaving with unsaved changes asks first; never after a successful save;
 * - a saved line is removed on the server at once (eliminarElementoDeDetalle /
 *   eliminarDocumento), an unsaved one just disappears;
 * - Ctrl+S (⌘S) is CIERRE MECÁNICO. */
export function WorkOrderEditor({ reply, mode, canEdit, onReload, onSaved, lineTab, onLineTab }: Props) {
  const { item } = reply;
  const form = useWorkOrderForm(toFormValues(item));
  const { values } = form;
  const [version, setVersion] = useState(item.version);
  const [saving, setSaving] = useState<0 | 1 | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  /** A save in flight, read synchronously so a double click sends once. */
  const inFlight = useRef(false);
  /** The kind of the last save sent: CIERRE TOTAL goes back to the list, CIERRE MECÁNICO stays. */
  const closing = useRef<0 | 1>(0);
  /** The opening reading last proposed from a machine and the lookup's words; `readingRequest`
   * drops the answer for a machine no longer chosen; `latest` is the values an answer lands on. */
  const [proposal, setReadingState] = useState<Proposal | null>(null);
  const lastReading = useRef<Proposal | null>(null);
  const setReading = (r: Proposal | null) => {
    lastReading.current = r;
    setReadingState(r);
  };
  const readingRequest = useRef(0);
  const latest = useRef(values);
  useEffect(() => {
    latest.current = values;
  });
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  /** Seed 001 §4: the 'Aviso' of a new order's save, with the reply's message. */
  const notice = useDialogQueue<string, void>(undefined);
  const me = useMe();
  const readsHourMeters = Boolean(me.data?.is_root) || moduleRights(me.data, '/horometros').see;

  const id = mode === 'replicate' ? 0 : item.id;
  const permissions = item.permissions;
  const readOnly = permissions.locked || !canEdit;
  const partsLocked = readOnly || permissions.parts_locked;
  const equipmentLocked = readOnly || permissions.equipment_locked;
  const busy = saving !== null;
  const supervisorDefault = initialSupervisor(mode, item.id_supervisor);
  const closeBlocker = closeTotalBlocker({ mode, permissions, canEdit, saving: busy });

  // Unsaved changes ask before leaving; never after a successful save.
  const { allowLeave } = useLeavePrompt(form.dirty);
  const reload = () => {
    allowLeave();
    onReload();
  };

  // The one record-form controller: the save (Idempotency-Key, correlation id), its answers, and
  // the live watch of this order's version (another user's save offers 'Recargar').
  const record = useRecordForm<WorkOrderValues, never, WorkOrderForm>(workOrders, {
    id,
    load: false,
    form,
    empty: values,
    toPayload: (sent, extra) => {
      const body = saveRequest(sent, { id, version, terminado: extra.terminado === 1 ? 1 : 0, rechazado_id: id === 0 ? (item.rechazado_id ?? null) : null });
      // Issue 20: a new OT opened from a due plan links to it on its first save.
      const plan = id === 0 && typeof item.id_pm_plan === 'number' ? item.id_pm_plan : null;
      if (plan === null) return body;
      if (body instanceof FormData) body.append('id_pm_plan', String(plan));
      else body.id_pm_plan = plan;
      return body;
    },
    watch: id > 0 ? { topic: `work_order:${id}`, version } : undefined,
    onRefused: async ({ status, envelope }) => {
      if (status === 409) await conflict(envelope.msg);
      else if (Object.keys(fieldErrors(envelope.errors)).length) showProblems(fieldErrors(envelope.errors), envelope.msg || MSG_VALIDATION);
      else await showError({ message: envelope.msg || undefined });
      return true;
    },
    // A new order's save answers with the 'Aviso' (its message names the code), any other with a toast.
    savedMessage: ({ envelope }) => (envelope.is_new ? null : envelope.msg || MSG_SAVED),
    onSaved: async ({ envelope }): Promise<AfterSave> => {
      allowLeave();
      if (envelope.is_new) await notice.ask(envelope.msg || MSG_SAVED);
      if (closing.current === 1) void navigate({ to: LIST });
      else if (envelope.is_new && Number(envelope.id) > 0) void navigate({ to: '/ordenes_trabajo/$id/editar', params: { id: String(envelope.id) }, replace: true });
      else onSaved();
      return 'stay';
    },
    onClose: () => void navigate({ to: LIST }),
  });
  const { message, setMessage } = record;
  // Another user's change over a form without unsaved work (the site warehouse attending the
  // parts, the supervisor saving elsewhere) is read in place: the parts' lock and labels follow
  // without a reload. Over unsaved work 'Recargar' is offered instead.
  const following = record.stale && !form.dirty && !busy;
  useEffect(() => {
    if (following) onSaved();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [following]);
  const { write } = useWrite(workOrders.invalidates);

  /** Field errors under their fields, the message on top, the first line tab with an error
   * opened; FormErrorBanner focuses the first invalid field and scrolls it into view. */
  function showProblems(errors: Record<string, string>, msg: string) {
    form.setErrors(errors);
    setMessage(msg);
    const tab = firstTabWithError(errors);
    if (tab !== null) onLineTab(tab);
    record.failed();
  }

  function changeSite(idObra: number | null) {
    if (idObra === values.id_obra) return;
    // Seed 001 §5: the people and the equipment belong to the site.
    form.patch({
      id_obra: idObra,
      id_equipo: null,
      placa_equipo: '',
      serie_equipo: '',
      id_operador: null,
      id_mecanico: null,
      // A new order keeps proposing the signed-in supervisor: every site they may choose is theirs.
      id_supervisor: supervisorDefault,
      firma_operador: false,
      firma_mecanico: false,
      firma_supervisor: false,
    });
    void proposeReading(null);
  }

  /** The machine chosen: plate and serial from the lookup, the opening reading proposed. */
  function chooseEquipo(idEquipo: number | null, raw: Record<string, unknown> | undefined) {
    form.patch({ id_equipo: idEquipo, placa_equipo: idEquipo ? String(raw?.placa ?? '') : '', serie_equipo: idEquipo ? String(raw?.serie ?? '') : '' });
    void proposeReading(idEquipo);
  }

  /** Proposes the opening reading from the machine's current one — the hour-meter dialog's lookup:
   * the end of its last log, else its registered reading — while the field is empty or still holds
   * the previous proposal (proposedReading). The lookup belongs to the hour-meter screen: users
   * who may not read hour meters type the reading. */
  async function proposeReading(idEquipo: number | null) {
    const request = ++readingRequest.current;
    let found: { value: number; msg: string; hint: string } | null = null;
    if (idEquipo !== null && readsHourMeters) {
      const r = await ask('/horometros/infoHorometroEquipo', { id_equipo: idEquipo });
      if (request !== readingRequest.current) return; // another machine was chosen meanwhile
      const e = r.envelope;
      const value = e.ok ? machineReading(e) : null;
      if (value !== null) found = { value, msg: String(e.msg ?? ''), hint: readingSource(e) };
    }
    const current = latest.current.horometro_apertura_ot;
    const next = proposedReading(current, lastReading.current?.value ?? null, found?.value ?? null);
    if (next !== current) form.set('horometro_apertura_ot', next);
    if (found && next === String(found.value)) setReading({ value: next, msg: found.msg, hint: found.hint });
    else if (next !== current || next === '') setReading(null);
  }

  async function toggleSinProductos(checked: boolean) {
    if (checked && values.productos_solicitados.length > 0) {
      const ok = await confirm({ message: 'Se quitarán los repuestos solicitados de esta orden. ¿Desea continuar?', confirmLabel: 'Quitar repuestos' });
      if (!ok) return;
    }
    form.set('sin_productos', checked);
    if (checked) form.setTable('productos_solicitados', []);
  }

  async function conflict(msg: string) {
    setMessage(msg);
    if (await confirm({ title: 'No se pudo guardar', message: msg, confirmLabel: 'Recargar', cancelLabel: 'Cerrar' })) reload();
  }

  async function removeRow(tabla: LineTable, row: { key: string; id: number }) {
    if (removing) return;
    if (!(await confirm({ message: ROW_REMOVE_MESSAGE }))) return;
    if (row.id === 0) {
      form.removeLine(tabla, row.key);
      return;
    }
    setRemoving(row.key);
    const r = await write(
      tabla === 'documentos'
        ? postCall('/ordenes_trabajo/eliminarDocumento', { id: row.id, version })
        : postCall('/ordenes_trabajo/eliminarElementoDeDetalle', { tabla, id: row.id, version }),
    );
    setRemoving(null);
    if (r.envelope.ok) {
      form.removeLine(tabla, row.key, true);
      if (typeof r.envelope.version === 'number') {
        setVersion(r.envelope.version);
        record.setVersion(r.envelope.version);
      }
      show(r.envelope.msg || MSG_DELETED, 'success');
    } else if (r.status === 409) await conflict(r.envelope.msg);
    else await showError({ message: r.envelope.msg || undefined });
  }

  async function save(terminado: 0 | 1) {
    if (inFlight.current || readOnly) return;
    let toSend: WorkOrderValues = values;
    if (terminado === 1) {
      const ok = await confirm({
        title: 'CIERRE TOTAL',
        message: 'La orden de trabajo quedará cerrada y ya no podrá modificarse. ¿Desea continuar?',
        confirmLabel: 'CIERRE TOTAL',
      });
      if (!ok) return;
      if (!values.fecha_cierre_ot) {
        toSend = { ...values, fecha_cierre_ot: wallClockNow(new Date()) };
        form.set('fecha_cierre_ot', toSend.fecha_cierre_ot);
      }
    }
    const problems = validateWorkOrder(toSend);
    if (Object.keys(problems).length) return showProblems(problems, MSG_VALIDATION);
    inFlight.current = true;
    closing.current = terminado;
    setSaving(terminado);
    setMessage('');
    await record.submit({ terminado }, toSend);
    inFlight.current = false;
    setSaving(null);
  }

  // Ctrl+S / ⌘S: CIERRE MECÁNICO, while the form is on screen (not behind the timeline tab).
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's' && container.current?.offsetParent) {
        e.preventDefault();
        void saveRef.current(0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const lockedNotice =
    item.estado === 3
      ? 'Esta orden de trabajo está cerrada: no se puede modificar.'
      : item.estado === 2
        ? 'Esta orden de trabajo está cancelada: no se puede modificar.'
        : !canEdit
          ? 'Solo lectura: no tiene permiso para modificar órdenes de trabajo.'
          : '';

  // The proposal's source under the field while it holds the proposal; the lookup's words in its title.
  const reading = proposal && values.horometro_apertura_ot === proposal.value ? proposal : null;

  return (
    <div ref={container} data-work-order-form className="space-y-3" aria-busy={busy}>
      <MessageDialog
        open={notice.open}
        tone="info"
        title="Aviso"
        message={notice.prompt?.request ?? ''}
        onClose={() => notice.answer(notice.prompt, undefined)}
        onClosed={notice.closed}
      />
      {lockedNotice ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {lockedNotice}
        </p>
      ) : null}
      {record.stale && form.dirty ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Otro usuario modificó esta orden de trabajo.
          <button
            type="button"
            className="font-semibold underline"
            onClick={reload}
          >
            Recargar
          </button>
        </div>
      ) : null}
      <FormErrorBanner message={message} scope={container} attempt={record.attempt} />

      <OrderDataSection
        form={form}
        obras={reply.obras}
        codigo={item.codigo && mode !== 'replicate' ? item.codigo : ''}
        readOnly={readOnly}
        equipmentLocked={equipmentLocked}
        onSite={changeSite}
        onEquipo={chooseEquipo}
      />
      <TimesSection form={form} readOnly={readOnly} reading={reading} />
      <OrderLineTabs
        form={form}
        lineTab={lineTab}
        onLineTab={onLineTab}
        readOnly={readOnly}
        partsLocked={partsLocked}
        labels={item.labels}
        unidades={reply.unidades}
        conversiones={reply.conversion_unidades}
        removing={removing}
        onRemove={(tabla, row) => void removeRow(tabla, row)}
        onSinProductos={(checked) => void toggleSinProductos(checked)}
      />
      <EditorActionBar
        mode={mode}
        readOnly={readOnly}
        dirty={form.dirty}
        saving={saving}
        closeBlocker={closeBlocker}
        onBack={() => void navigate({ to: LIST })}
        onSave={(terminado) => void save(terminado)}
      />
    </div>
  );
}
