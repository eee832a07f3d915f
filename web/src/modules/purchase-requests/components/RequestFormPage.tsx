import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { FormErrorBanner } from '../../../ui/form/FormErrorBanner';
import type { RequestKind } from '@shared/purchase-request-codes';
import { MSG_FILE_OPENED } from '@shared/messages';
import { formatDateTime } from '@shared/time';
import { openInNewTab } from '../../../api/openInNewTab';
import type { Envelope } from '../../../api/envelope';
import { moduleRights, useMe } from '../../../session/useMe';
import { DateField } from '../../../ui/DateField';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { TextField } from '../../../ui/dialogs/TextField';
import { useConfirm } from '../../../ui/dialogs/useConfirm';
import { FieldLabel } from '../../../ui/form/FieldLabel';
import { TextAreaField } from '../../../ui/form/TextAreaField';
import { useLeavePrompt } from '../../../ui/resource/useLeavePrompt';
import { AddRowButton } from '../../../ui/form/AddRowButton';
import { useRecordForm } from '../../../ui/resource/useRecordForm';
import { useWrite } from '../../../ui/resource/useWrite';
import { DocumentsTable, type DocumentRow } from '../../../ui/documents/DocumentsTable';
import { SavedRecordActions } from '../../../ui/history/SavedRecordActions';
import { fetchOptions } from '../../../ui/select/fetchOptions';
import { Select } from '../../../ui/select/Select';
import { SelectAjax } from '../../../ui/select/SelectAjax';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { useToast } from '../../../ui/toast/useToast';
import { CONFIRM_IRREVERSIBLE, CONFIRM_OPERATION, CONFIRM_REMOVE_PRODUCT, CONFIRM_REMOVE_ROW, KIND_LABELS } from '../internal/requestMessages';
import { COST_CENTRE_TYPES, fixedResource } from '../internal/requestOptions';
import { blankDocument, blankLine, documentErrorIndex, isSaved, kindOf, typeLocked, requestPayload, toRequestValues, withoutLineErrors, type ProductLine, type RequestValues } from '../internal/requestValues';
import { requestSave } from '../purchaseRequests.resource';
import type { RequestFormReply } from '../requestTypes';
import { RequestStateChip } from './Chips';
import { PageHead, PageLoading, Panel, ReasonNotice } from './PageHead';
import { ProductLinesTable } from './ProductLinesTable';
import { postCall } from '../../../api/typed';

const LIST = '/solicitudes_compras';
const TITLES: Record<RequestKind, string> = { compra: 'Nueva solicitud de compra', servicio: 'Nueva solicitud de servicio', despacho: 'Nueva solicitud de despacho' };

const EMPTY: RequestValues = toRequestValues({ id: 0, tipo: null, id_obra: null, id_supervisor: 0, nombre_supervisor: null, apellido_supervisor: null, editable: 1, productos_solicitados: [], documentos: [], objeto_estado: null, protected: 0 });

const readOnlyInput = '[&_input]:bg-slate-50 [&_input]:font-medium';

/** The request catalogues' lookups (services/api/catalogues: admin-editable, seed 002 ambiguity 8). */
const LOOKUP = {
  tipos: '/fil_datas/solicitudes_tipos',
  clasificaciones: '/fil_datas/solicitudes_clasificaciones',
  recursos: '/fil_datas/recursos',
  centros: '/fil_datas/centros_costo_indirectos',
  elementos: '/fil_datas/centro_costo_indirecto_elementos',
  movilizacion: '/fil_datas/movilizacion_tipos',
  frentes: '/fil_datas/frentes_obra',
} as const;

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
  /** The key of the document row being removed on the server. */
  const [removingDoc, setRemovingDoc] = useState<string | null>(null);
  const { write } = useWrite();
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
  // The mobilisation types with their fixed resource codes: the same list (and cache) as their select.
  const mobilisationTypes = useQuery({
    queryKey: ['select-local', LOOKUP.movilizacion, {}],
    queryFn: () => fetchOptions<number>(LOOKUP.movilizacion, { limit: 500 }),
    enabled: kind === 'servicio',
    staleTime: 60_000,
    retry: false,
  });
  const v = form.values;
  const readOnly = !item || item.editable !== 1 || !rights.edit;
  const fromOrder = saved?.creado_desde_ot === 1;
  const productsLocked = readOnly || (fromOrder && saved?.tipo === 1);
  const busy = saving !== null;

  function setLines(next: ProductLine[], clearIndex?: number) {
    form.set('productos_solicitados', next);
    const { productos_solicitados: _table, ...rest } = form.errors;
    const errors = withoutLineErrors(rest, clearIndex);
    if (Object.keys(errors).length !== Object.keys(form.errors).length) form.setErrors(errors);
  }
  // A line change may land after an await (a material's units): it applies to the rows as they are then.
  const latest = useRef(v);
  latest.current = v;
  const updateLine = (index: number, change: Partial<ProductLine>) => setLines(latest.current.productos_solicitados.map((l, i) => (i === index ? { ...l, ...change } : l)), index);
  async function removeLine(index: number) {
    if (!(await confirm({ title: 'Eliminar producto', message: CONFIRM_REMOVE_PRODUCT, confirmLabel: 'Eliminar' }))) return;
    setLines(
      v.productos_solicitados.filter((_, i) => i !== index),
      undefined,
    );
  }

  const withoutDocumentErrors = () => {
    const errors = Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('documentos.')));
    if (Object.keys(errors).length !== Object.keys(form.errors).length) form.setErrors(errors);
  };
  const updateDocument = (key: string, change: Partial<DocumentRow>) => {
    form.set('documentos', latest.current.documentos.map((d) => (d.key === key ? { ...d, ...change } : d)));
  };
  /** A new row goes at once; a saved document is removed on the server (its own call), which the
   * form then takes as its baseline, so it is not an unsaved change, and saves on from the new version. */
  async function removeDocument(row: DocumentRow) {
    if (removingDoc || !(await confirm({ message: CONFIRM_REMOVE_ROW }))) return;
    if (row.id === 0) {
      form.set('documentos', latest.current.documentos.filter((d) => d.key !== row.key));
      withoutDocumentErrors();
      return;
    }
    setRemovingDoc(row.key);
    const r = await write(postCall('/solicitudes_compras/eliminarElementoDeDetalle', { tabla: 'documentos', id: row.id }));
    setRemovingDoc(null);
    if (!r.envelope.ok) {
      show(r.envelope.msg, 'error');
      return;
    }
    if (typeof r.envelope.version === 'number') loaded.current = r.envelope.version;
    form.settle('documentos', (rows) => rows.filter((d) => d.id !== row.id));
    withoutDocumentErrors();
    show(r.envelope.msg, 'success');
  }

  function changeSite(idObra: number | null) {
    if (idObra === v.id_obra) return;
    // The equipment, the front and the work order belong to the site.
    form.set('id_obra', idObra);
    form.set('id_equipo', null);
    form.set('id_frente_obra', null);
    if (!saved) form.set('id_orden_trabajo', null);
  }

  /** A mobilisation type with a fixed resource code (its catalogue row) fills the third-party
   * resource with it; the field then stays locked. */
  function changeThirdPartyType(value: number | null, option: { raw?: Record<string, unknown> } | null) {
    form.set('id_solicitudes_movilizacion_terceros_tipocc', value);
    const fixed = fixedResource(option?.raw);
    if (fixed) form.set('id_solicitudes_movilizacion_terceros_ter_recurso', fixed);
  }

  /** The element belongs to its indirect cost centre: another centre clears it. */
  function changeIndirectCentre(value: number | null) {
    if (value === v.id_centro_costo_indirecto) return;
    form.set('id_centro_costo_indirecto', value);
    form.set('id_centro_costo_indirecto_elemento', null);
  }

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

  const requester = [item.nombre_supervisor, item.apellido_supervisor].filter(Boolean).join(' ');
  const lockedResource = fixedResource(mobilisationTypes.data?.find((o) => o.value === v.id_solicitudes_movilizacion_terceros_tipocc)?.raw);
  const lockedNotice = !rights.edit
    ? 'Solo lectura: no tiene permiso para modificar solicitudes.'
    : item.editable !== 1
      ? 'Esta solicitud ya se envió: no se puede modificar.'
      : productsLocked && !readOnly
        ? 'Los productos de una solicitud de compra generada desde su orden de trabajo son los de la orden.'
        : '';

  return (
    <section ref={formRef} className="mx-auto max-w-7xl space-y-4" data-request-form aria-busy={busy}>
      {head}
      {saved?.estado === 8 && saved.motivo_observado ? <ReasonNotice title="Solicitud observada por el almacén central" text={saved.motivo_observado} tone="amber" /> : null}
      {saved?.estado === 6 && saved.motivo_rechazo ? <ReasonNotice title="Solicitud rechazada" text={saved.motivo_rechazo} tone="red" /> : null}
      {lockedNotice ? (
        <p role="status" className="rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {lockedNotice}
        </p>
      ) : null}
      {record.stale ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          Otro usuario modificó esta solicitud.
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => record.retryLoad()}
          >
            Recargar
          </button>
        </div>
      ) : null}
      <FormErrorBanner message={record.message} scope={formRef} attempt={record.attempt} />

      <Panel title="Datos de la solicitud">
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-4">
          <TextField label="Código" value={saved?.codigo ?? ''} placeholder="Se genera al guardar" onChange={() => {}} readOnly tabIndex={-1} className={readOnlyInput} />
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
            <TextField label="Orden de trabajo" value="" placeholder="Sin orden de trabajo" onChange={() => {}} readOnly tabIndex={-1} className={readOnlyInput} />
          ) : (
            <SelectAjax<number>
              label="Orden de trabajo"
              endpoint="/fil_datas/ordenesTrabajo"
              params={v.id_obra ? { id_obra: v.id_obra } : undefined}
              minLength={0}
              value={v.id_orden_trabajo}
              onChange={(value) => form.set('id_orden_trabajo', value)}
              disabled={readOnly || !v.id_obra}
              placeholder={v.id_obra ? 'Sin orden de trabajo' : 'Elija primero la obra'}
              error={form.fieldError('id_orden_trabajo')}
            />
          )}
          <div className="[&_label]:sr-only">
            <FieldLabel required>Obra</FieldLabel>
            <SelectLocal<number>
              label="Obra"
              endpoint="/fil_datas/obras"
              value={v.id_obra}
              onChange={changeSite}
              disabled={readOnly || !!saved}
              placeholder="Buscar obra…"
              error={form.fieldError('id_obra')}
            />
          </div>
          <SelectLocal<number>
            label="Frente de obra"
            endpoint={LOOKUP.frentes}
            params={v.id_obra ? { id_obra: v.id_obra } : undefined}
            value={v.id_frente_obra}
            onChange={(value) => form.set('id_frente_obra', value)}
            disabled={readOnly || !v.id_obra}
            placeholder={v.id_obra ? 'Sin frente de obra' : 'Elija primero la obra'}
            error={form.fieldError('id_frente_obra')}
          />
          <TextField label="Solicitante" value={requester} onChange={() => {}} readOnly tabIndex={-1} className={readOnlyInput} />

          <div className="[&_label]:sr-only">
            <FieldLabel required>Tipo de solicitud</FieldLabel>
            <SelectLocal<number>
              label="Tipo de solicitud"
              endpoint={LOOKUP.tipos}
              value={v.id_solicitudes_tipo}
              onChange={(value) => form.set('id_solicitudes_tipo', value)}
              disabled={readOnly || typeLocked(item)}
              placeholder="Elegir tipo…"
              error={form.fieldError('id_solicitudes_tipo')}
            />
            {v.id_solicitudes_tipo === 1 && !form.fieldError('id_solicitudes_tipo') ? <p className="mt-1 text-xs text-slate-500">Este tipo de solicitud exige el tipo de centro de costo.</p> : null}
          </div>
          <div className="[&_label]:sr-only">
            <FieldLabel required={v.id_centro_costo_tipo === 1 || v.id_solicitudes_movilizacion_terceros_tipocc === 2}>Recurso</FieldLabel>
            <SelectLocal<number>
              label="Recurso"
              endpoint={LOOKUP.recursos}
              value={v.id_solicitudes_movilizacion_recursos}
              onChange={(value) => form.set('id_solicitudes_movilizacion_recursos', value)}
              disabled={readOnly}
              placeholder="Buscar recurso…"
              error={form.fieldError('id_solicitudes_movilizacion_recursos')}
            />
          </div>
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
            <div className="md:col-span-2 [&_label]:sr-only">
              <FieldLabel required>Equipo</FieldLabel>
              <SelectAjax<number>
                label="Equipo"
                endpoint="/fil_datas/equipos"
                params={v.id_obra ? { id_obra: v.id_obra } : undefined}
                minLength={0}
                value={v.id_equipo}
                onChange={(value) => form.set('id_equipo', value)}
                disabled={readOnly || !v.id_obra}
                placeholder={v.id_obra ? 'Buscar por código…' : 'Elija primero la obra'}
                error={form.fieldError('id_equipo')}
              />
            </div>
          ) : null}
          {v.id_centro_costo_tipo === 2 ? (
            <>
              <div className="[&_label]:sr-only">
                <FieldLabel required>Centro de costo indirecto</FieldLabel>
                <SelectLocal<number>
                  label="Centro de costo indirecto"
                  endpoint={LOOKUP.centros}
                  value={v.id_centro_costo_indirecto}
                  onChange={changeIndirectCentre}
                  disabled={readOnly}
                  placeholder="Buscar centro de costo…"
                  error={form.fieldError('id_centro_costo_indirecto')}
                />
              </div>
              <div className="[&_label]:sr-only">
                <FieldLabel required>Elemento</FieldLabel>
                <SelectLocal<number>
                  label="Elemento"
                  endpoint={LOOKUP.elementos}
                  params={v.id_centro_costo_indirecto ? { id_centro_costo_indirecto: v.id_centro_costo_indirecto } : undefined}
                  value={v.id_centro_costo_indirecto_elemento}
                  onChange={(value) => form.set('id_centro_costo_indirecto_elemento', value)}
                  disabled={readOnly || !v.id_centro_costo_indirecto}
                  placeholder={v.id_centro_costo_indirecto ? 'Buscar elemento…' : 'Elija primero el centro de costo'}
                  error={form.fieldError('id_centro_costo_indirecto_elemento')}
                />
              </div>
            </>
          ) : null}
        </div>
      </Panel>

      {kind === 'servicio' ? (
        <Panel title="Movilización de terceros">
          <div className="grid gap-4 md:grid-cols-3">
            <div>
              <SelectLocal<number>
                label="Tipo de centro de costo de terceros"
                endpoint={LOOKUP.movilizacion}
                value={v.id_solicitudes_movilizacion_terceros_tipocc}
                onChange={changeThirdPartyType}
                disabled={readOnly}
                placeholder="Elegir tipo…"
                error={form.fieldError('id_solicitudes_movilizacion_terceros_tipocc')}
              />
              {v.id_solicitudes_movilizacion_terceros_tipocc === 2 && !form.fieldError('id_solicitudes_movilizacion_terceros_tipocc') ? (
                <p className="mt-1 text-xs text-slate-500">Este tipo exige clasificación, tipo de centro de costo y recurso.</p>
              ) : null}
            </div>
            <div className="[&_label]:sr-only">
              <FieldLabel required={v.id_solicitudes_movilizacion_terceros_tipocc === 2}>Clasificación</FieldLabel>
              <SelectLocal<number>
                label="Clasificación"
                endpoint={LOOKUP.clasificaciones}
                value={v.id_solicitudes_clasificacion}
                onChange={(value) => form.set('id_solicitudes_clasificacion', value)}
                disabled={readOnly}
                placeholder="Elegir clasificación…"
                error={form.fieldError('id_solicitudes_clasificacion')}
              />
            </div>
            <TextField
              label="Recurso de terceros"
              maxLength={50}
              hint={lockedResource ? 'Fijado por el tipo de centro de costo de terceros.' : undefined}
              value={v.id_solicitudes_movilizacion_terceros_ter_recurso}
              onChange={(value) => form.set('id_solicitudes_movilizacion_terceros_ter_recurso', value)}
              disabled={readOnly || !!lockedResource}
              error={form.fieldError('id_solicitudes_movilizacion_terceros_ter_recurso')}
            />
          </div>
        </Panel>
      ) : null}

      <Panel title="Trabajo">
        <TextAreaField
          label="Descripción del trabajo"
          required
          maxLength={500}
          rows={3}
          value={v.descripcion_trabajo}
          onChange={(value) => form.set('descripcion_trabajo', value)}
          disabled={readOnly}
          error={form.fieldError('descripcion_trabajo')}
        />
        <p className="mt-1 text-end text-xs text-slate-500 tabular-nums">{v.descripcion_trabajo.length}/500</p>
      </Panel>

      <Panel
        title={kind === 'servicio' ? 'Servicios' : 'Productos'}
        flush
        actions={
          !productsLocked ? (
            <AddRowButton label={`Agregar fila en ${kind === 'servicio' ? 'Servicios' : 'Productos'}`} onClick={() => setLines([...v.productos_solicitados, blankLine()])} />
          ) : null
        }
      >
        {form.fieldError('productos_solicitados') ? (
          <p role="alert" className="border-b border-slate-100 px-4 py-2 text-sm text-red-700">
            {form.fieldError('productos_solicitados')}
          </p>
        ) : null}
        {v.productos_solicitados.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">Sin items...</p>
        ) : (
          <ProductLinesTable
            lines={v.productos_solicitados}
            locked={productsLocked || busy}
            service={kind === 'servicio'}
            update={updateLine}
            remove={(i) => void removeLine(i)}
            error={(i, field) => form.fieldError(`productos_solicitados.${i}.${field}`)}
          />
        )}
      </Panel>

      <Panel
        title="Documentos"
        flush
        actions={
          !readOnly ? (
            <AddRowButton label="Agregar documento" onClick={() => form.set('documentos', [...v.documentos, blankDocument()])} />
          ) : null
        }
      >
        {v.documentos.length === 0 ? (
          <p className="px-4 py-6 text-center text-sm text-slate-500">
            {readOnly ? 'Sin documentos.' : 'Sin documentos. Adjunte cotizaciones, fichas técnicas o fotos (PDF, imagen o Excel, hasta 10 MB cada uno).'}
          </p>
        ) : (
          <DocumentsTable
            rows={v.documentos}
            locked={readOnly || busy}
            removing={removingDoc}
            onRemove={(row) => void removeDocument(row)}
            onChange={updateDocument}
            errorOf={(i, f) => form.fieldError(`documentos.${documentErrorIndex(v.documentos, i)}.${f}`)}
          />
        )}
      </Panel>

      <div className="sticky bottom-0 z-10 -mx-1 flex flex-col-reverse gap-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-md backdrop-blur sm:flex-row sm:items-center sm:justify-end">
        <p className="text-sm text-slate-500 sm:me-auto" aria-live="polite">
          {form.dirty && !readOnly ? <span className="font-medium text-amber-700">Hay cambios sin guardar.</span> : null}
        </p>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void navigate({ to: LIST })} disabled={busy}>
          Volver
        </button>
        {!readOnly ? (
          <>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => void save(0)} disabled={busy}>
              {saving === 0 ? <Spinner className="size-4" /> : null}
              Guardar
            </button>
            <button type="button" className={PRIMARY_BUTTON} onClick={() => void save(1)} disabled={busy} title="Guardar y enviar la solicitud">
              {saving === 1 ? <Spinner className="size-4" /> : null}
              Enviar
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}
