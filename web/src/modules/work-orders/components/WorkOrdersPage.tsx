import { Link, useNavigate } from '@tanstack/react-router';
import { formatDuration } from '@shared/work-order-derive';
import { openInNewTab } from '../../../api/openInNewTab';
import { codeColumn } from '../../../ui/list/codeColumn';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { CONFIRM_SERVICE_REQUEST, MSG_ACTION_DONE, MSG_DEACTIVATED, MSG_FILE_OPENED } from '@shared/messages';
import { useToast } from '../../../ui/toast/useToast';
import { EstadoChip } from './EstadoChip';
import { formatWallClock } from '@shared/time';
import { workOrders } from '../workOrders.resource';
import type { WorkOrderRow } from '../workOrderTypes';
import { postCall } from '../../../api/typed';


const ESTADOS = [
  { value: '1', label: 'Abierto' },
  { value: '2', label: 'Cancelado' },
  { value: '3', label: 'Cerrado' },
];

/** Minutes as H:MM (seed 001 §5: times shown as H:M). */
function minutesAsDuration(minutes: number | null): string {
  const m = Math.max(0, Math.round(Number(minutes ?? 0)));
  return formatDuration({ horas: Math.floor(m / 60), minutos: m % 60 });
}

/** dd/MM/yyyy then hh:mm AM, on one line (a dense list: one line per order). */
function WallClockCell({ value }: { value: string | null }) {
  const text = formatWallClock(value);
  if (!text) return <span className="text-slate-500">—</span>;
  const [day, ...clock] = text.split(' ');
  const time = clock.join(' ');
  return (
    <span className="whitespace-nowrap tabular-nums">
      {day} <span className="text-xs text-slate-500">{time}</span>
    </span>
  );
}

const columns: DataTableColumn<WorkOrderRow>[] = [
  codeColumn('Código', '/ordenes_trabajo/$id/editar'),
  {
    key: 'obra',
    label: 'Obra',
    sortable: true,
    render: (r) => (
      <span className="block max-w-36 truncate" title={r.obra}>
        {r.obra}
      </span>
    ),
  },
  {
    key: 'equipo_codigo',
    label: 'Equipo',
    sortable: true,
    render: (r) => (
      <span className="block max-w-44 truncate" title={[r.equipo_codigo, r.equipo_descripcion].filter(Boolean).join(' - ')}>
        <span className="font-medium">{dash(r.equipo_codigo)}</span>
        {r.equipo_descripcion ? <span className="text-xs text-slate-500"> {r.equipo_descripcion}</span> : null}
      </span>
    ),
  },
  {
    key: 'fecha_apertura_ot',
    label: 'Apertura',
    sortable: true,
    render: (r) => <WallClockCell value={r.fecha_apertura_ot} />,
  },
  { key: 'fecha_cierre_ot', label: 'Cierre', sortable: true, hideBelow: '2xl', render: (r) => <WallClockCell value={r.fecha_cierre_ot} /> },
  {
    key: 'supervisor',
    label: 'Supervisor',
    sortable: true,
    render: (r) => (
      <span className="block max-w-36 truncate" title={r.supervisor ?? undefined}>
        {dash(r.supervisor)}
      </span>
    ),
  },
  { key: 'estado', label: 'Estado', sortable: true, render: (r) => <EstadoChip estado={r.estado} /> },
  { key: 'tipo_mantenimiento', label: 'Tipo', sortable: true, hideBelow: 'xl', render: (r) => <span title="Tipo de mantenimiento">{dash(r.tipo_mantenimiento)}</span> },
  {
    key: 'tiempo_ejecucion',
    label: 'Ejecución',
    sortable: true,
    hideBelow: '2xl',
    align: 'right',
    render: (r) => <span className="tabular-nums">{r.fecha_cierre_ot ? minutesAsDuration(r.tiempo_ejecucion) : '—'}</span>,
  },
];

/** /ordenes_trabajo (seed 001 §2, §4): the work orders of the user's sites, with search, site,
 * state and opening-date filters and the export. Row menu: Editar (Ver when closed or without the
 * edit right); PDF; and, as the server says each row allows it (the decider's own rules):
 * 'Desactivar' (cancel), Replicar and 'Generar solicitud de servicio'. Live: any order opened,
 * changed, closed or cancelled anywhere refreshes the list (debounced), so new orders appear
 * without a reload. */
export function WorkOrdersPage({ search }: { search: SearchOf<typeof workOrders> }) {
  const list = useResourceList(workOrders, search);
  const { rights } = list;
  const navigate = useNavigate();
  const { show } = useToast();

  // The PDF opens in a new tab by the seed's form POST with the id and the token (seed 000 §7).
  function pdf(row: WorkOrderRow) {
    const failed = openInNewTab('/ordenes_trabajo/pdf', { id: row.id });
    show(failed ?? MSG_FILE_OPENED, failed ? 'error' : 'success');
  }

  return (
    <ListPage
      list={list}
      title="Órdenes de trabajo"
      searchPlaceholder="Buscar código, equipo o placa"
      showDates
      canCreate={rights.edit}
      onCreate={() => void navigate({ to: '/ordenes_trabajo/nuevo' })}
      actions={
        <Link
          to="/ordenes_trabajo/tablero"
          className="inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 text-slate-500">
            <path d="M2 4.75A1.75 1.75 0 0 1 3.75 3h2.5A1.75 1.75 0 0 1 8 4.75v10.5A1.75 1.75 0 0 1 6.25 17h-2.5A1.75 1.75 0 0 1 2 15.25V4.75ZM12 4.75A1.75 1.75 0 0 1 13.75 3h2.5A1.75 1.75 0 0 1 18 4.75v5.5A1.75 1.75 0 0 1 16.25 12h-2.5A1.75 1.75 0 0 1 12 10.25v-5.5Z" />
          </svg>
          Tablero
        </Link>
      }
      filters={
        <>
          <ObraFilter list={list} />
          <SelectFilter list={list} name="estado" label="Estado" items={ESTADOS} placeholder="Todos los estados" className="w-full sm:w-60" />
        </>
      }
      columns={columns}
      rowMenu={(row) => [
        { label: rights.edit && row.estado === 1 ? 'Editar' : 'Ver', onClick: () => void navigate({ to: '/ordenes_trabajo/$id/editar', params: { id: String(row.id) } }) },
        { label: 'PDF', onClick: () => pdf(row) },
        {
          label: 'Desactivar',
          hidden: !rights.edit || !row.can_cancel,
          onClick: () => void list.run({ call: postCall('/ordenes_trabajo/disable', { id: row.id }), confirm: { message: 'Seguro que quieres desactivarlo?' }, done: MSG_DEACTIVATED }),
        },
        {
          label: 'Replicar',
          hidden: !rights.edit || !row.can_replicate,
          onClick: () => void navigate({ to: '/ordenes_trabajo/$id/replicar', params: { id: String(row.id) } }),
        },
        {
          label: 'Generar solicitud de servicio',
          hidden: !rights.edit || !row.can_create_service_request,
          onClick: () =>
            void list.run({
              call: postCall('/ordenes_trabajo/crearPreSolicitudServicio', { id_orden_trabajo: row.id }),
              confirm: { message: CONFIRM_SERVICE_REQUEST },
              done: MSG_ACTION_DONE,
              // Seed 002 §8: the is_new reply's msg in 'Aviso', as for the purchase request.
              aviso: true,
            }),
        },
      ]}
    />
  );
}
