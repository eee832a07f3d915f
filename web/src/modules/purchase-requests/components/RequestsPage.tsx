import { Link, useNavigate } from '@tanstack/react-router';
import { MSG_FILE_OPENED } from '@shared/messages';
import { formatDate } from '@shared/time';
import { openInNewTab } from '../../../api/openInNewTab';
import { moduleRights, useMe } from '../../../session/useMe';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import type { ActionStep } from '../../../ui/resource/useRecordActions';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { useToast } from '../../../ui/toast/useToast';
import { CONFIRM_APPROVE, CONFIRM_IRREVERSIBLE, CONFIRM_OPERATION, CONFIRM_REJECT, CONFIRM_RESEND, REASON_PLACEHOLDER } from '../internal/requestMessages';
import { requestRowActions, type RequestRowAction } from '../internal/requestRowActions';
import { purchaseRequests } from '../purchaseRequests.resource';
import type { RequestRow } from '../requestTypes';
import { FlagChip, RequestStateChip, SicamChip } from './Chips';
import { NewRequestMenu } from './NewRequestMenu';
import { RequestDetail } from './RequestDetail';
import { NO_DATA } from '../../../ui/list/emptyTexts';
import { postCall } from '../../../api/typed';

const LINK = 'font-medium whitespace-nowrap text-teal-800 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

const columns: DataTableColumn<RequestRow>[] = [
  {
    key: 'codigo',
    label: 'Código',
    sortable: true,
    render: (r) => (
      <Link to="/solicitudes_compras/$id/editar" params={{ id: String(r.id) }} className={LINK}>
        {r.codigo || `#${r.id}`}
      </Link>
    ),
  },
  { key: 'codigo_obra', label: 'Obra', sortable: true, render: (r) => dash(r.codigo_obra) },
  {
    key: 'codigo_orden_trabajo',
    label: 'OT',
    sortable: true,
    render: (r) =>
      r.id_orden_trabajo ? (
        <Link to="/ordenes_trabajo/$id/editar" params={{ id: String(r.id_orden_trabajo) }} className={LINK}>
          {r.codigo_orden_trabajo}
        </Link>
      ) : (
        <span className="text-slate-500">—</span>
      ),
  },
  { key: 'codigo_equipo', label: 'Equipo', sortable: true, render: (r) => dash(r.codigo_equipo) },
  { key: 'centro_costo', label: 'Centro de costo', sortable: true, render: (r) => dash(r.centro_costo) },
  { key: 'enviado_sicam', label: 'Enviado a SICAM', sortable: true, render: (r) => <SicamChip tipo={r.tipo} estado={r.sicam_estado} motivo={r.sicam_motivo} /> },
  { key: 'material_rechazado', label: 'Material rechazado', render: (r) => <FlagChip value={r.material_rechazado} /> },
  { key: 'estado_nombre', label: 'Estado', sortable: true, render: (r) => <RequestStateChip estado={r.estado} nombre={r.estado_nombre} wrap /> },
  { key: 'fecha_creado', label: 'Fecha de solicitud', sortable: true, render: (r) => <span className="tabular-nums">{formatDate(r.fecha_creado)}</span> },
  { key: 'fecha_requerimiento', label: 'Fecha de necesidad', sortable: true, render: (r) => <span className="tabular-nums">{dash(formatDate(r.fecha_requerimiento))}</span> },
];

/** /solicitudes_compras (seed 002 §2, §4): the requests of the user's sites with search, site and
 * OT filters and the export. Rows expand into the request's detail and products. The row menu
 * follows the flags the server sends for each row (`puede_*`, the rules its actions enforce;
 * requestRowActions): Editar (borrador or observado, with the edit right) or Ver; PDF; 'Ver
 * actividad' (the request's log); Aprobar and Rechazar (asks the reason) for an approver on a
 * request pending approval; 'Reenviar a SICAM' and Anular while SICAM has not accepted it. A
 * cancelled request keeps Ver and 'Ver actividad' (seed 002 §4); rejected and finalizado ones
 * are protected: shaded, no actions. 'Nuevo' offers the three kinds. Live: a request moved on by anyone refreshes
 * the list in place. */
export function RequestsPage({ search }: { search: SearchOf<typeof purchaseRequests> }) {
  const list = useResourceList(purchaseRequests, search);
  const { rights, run } = list;
  const me = useMe();
  const canSeeLog = me.data?.is_root || moduleRights(me.data, '/solicitud_compra_logs').see;
  const navigate = useNavigate();
  const { show } = useToast();

  // The PDF opens in a new tab by the seed's form POST with the id and the token (seed 000 §7).
  function pdf(row: RequestRow) {
    const failed = openInNewTab('/solicitudes_compras/PDF', { id_solicitud_compra: row.id });
    show(failed ?? MSG_FILE_OPENED, failed ? 'error' : 'success');
  }

  const body = (row: RequestRow) => ({ id_solicitud_compra: row.id });
  const shows = (row: RequestRow, action: RequestRowAction) => requestRowActions(row, Boolean(canSeeLog)).includes(action);
  // A write of the row's own flags, named by it: offered when the row allows it, its question asked first.
  const act = (row: RequestRow, action: RequestRowAction, step: ActionStep) => ({ label: action, hidden: !shows(row, action), onClick: () => void run(step) });
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Solicitudes"
      searchPlaceholder="Buscar código, OT, obra o equipo"
      showDates
      canCreate={false}
      actions={rights.edit ? <NewRequestMenu /> : null}
      filters={
        <>
          <ObraFilter list={list} clears={['id_orden_trabajo']} />
          <SelectFilter
            list={list}
            name="id_orden_trabajo"
            label="N° OT"
            endpoint="/fil_datas/ordenesTrabajo"
            params={search.id_obra ? { id_obra: search.id_obra } : undefined}
            ajax
            placeholder="Todas las OT"
            className="w-full sm:w-60"
          />
        </>
      }
      columns={columns}
      expand={(row) => <RequestDetail row={row} run={run} canEdit={rights.edit} />}
      rowMenu={(row) => [
        {
          label: row.puede_editar ? 'Editar' : 'Ver',
          onClick: () => void navigate({ to: '/solicitudes_compras/$id/editar', params: { id: String(row.id) } }),
        },
        { label: 'PDF', hidden: !shows(row, 'PDF'), onClick: () => pdf(row) },
        {
          label: 'Ver actividad',
          hidden: !shows(row, 'Ver actividad'),
          onClick: () => void navigate({ to: '/solicitud_compra_logs', search: { target: 'purchase_request', id_target: row.id } }),
        },
        act(row, 'Aprobar', { call: postCall('/solicitudes_compras/aprobar', body(row)), confirm: { title: CONFIRM_APPROVE, message: `Solicitud ${row.codigo}.`, confirmLabel: 'Aprobar' } }),
        act(row, 'Rechazar', {
          call: (motivo) => postCall('/solicitudes_compras/rechazar', { ...body(row), motivo_rechazo: motivo }),
          confirm: {
            title: CONFIRM_REJECT,
            message: `Solicitud ${row.codigo}.`,
            confirmLabel: 'Rechazar',
            prompt: { label: 'Motivo del rechazo', placeholder: REASON_PLACEHOLDER, required: true },
          },
        }),
        act(row, 'Reenviar a SICAM', { call: postCall('/solicitudes_compras/enviarASicam', body(row)), confirm: { title: CONFIRM_RESEND, message: `Solicitud ${row.codigo}.`, confirmLabel: 'Reenviar' } }),
        act(row, 'Anular', { call: postCall('/solicitudes_compras/anular_sicoe', body(row)), confirm: { title: CONFIRM_OPERATION, message: CONFIRM_IRREVERSIBLE, confirmLabel: 'Anular' } }),
      ]}
    />
  );
}
