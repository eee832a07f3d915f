import { Link, useNavigate } from '@tanstack/react-router';
import { formatDuration } from '@events/work-order/derive';
import { api, download } from '../../api/client';
import { moduleRights, useMe } from '../../session/useMe';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useErrorDialog } from '../../ui/dialogs/useErrorDialog';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { Select } from '../../ui/select/Select';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';
import { EstadoChip } from './EstadoChip';
import { useDebouncedLiveRefresh } from './useDebouncedLiveRefresh';
import type { WorkOrderRow } from './workOrderTypes';
import { CONFIRM_SERVICE_REQUEST, MSG_ACTION_DONE, MSG_DEACTIVATED, MSG_FILE_DOWNLOADED } from '@shared/messages';
import { formatWallClock } from '@shared/time';

const PATH = '/ordenes_trabajo';

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

const dash = (v: string | null | undefined) => (v ? v : '—');

/** dd/MM/yyyy over hh:mm AM: two short lines keep the table within a laptop's width. */
function WallClockCell({ value }: { value: string | null }) {
  const text = formatWallClock(value);
  if (!text) return <span className="text-slate-400">—</span>;
  const [day, ...clock] = text.split(' ');
  const time = clock.join(' ');
  return (
    <span className="block whitespace-nowrap tabular-nums">
      {day}
      <span className="block text-xs text-slate-500">{time}</span>
    </span>
  );
}

/** /ordenes_trabajo (seed 001 §2, §4): the work orders of the user's sites, with search, site,
 * state and opening-date filters and the export. Row menu: Editar; PDF; 'Desactivar' (cancel: admin
 * or root, not cancelled, request absent or draft — the server decides again); Replicar (closed and
 * not yet replicated); 'Generar solicitud de servicio' (no warehouse products, no request, the
 * user's can_create_request). Live: any order opened, changed, closed or cancelled anywhere
 * refreshes the list (debounced), so new orders appear without a reload. */
export function WorkOrdersPage() {
  const { search, setSearch } = useListSearch();
  const list = useList<WorkOrderRow>({ path: PATH, search });
  const me = useMe().data;
  const rights = moduleRights(me, PATH);
  const isAdmin = Boolean(me?.is_admin);
  const navigate = useNavigate();
  const { confirm } = useConfirm();
  const { showError } = useErrorDialog();
  const { show } = useToast();
  const refresh = useDebouncedLiveRefresh(['work_order'], [['list', PATH]]);

  async function act(path: string, body: Record<string, unknown>, question: string, fallback: string) {
    if (!(await confirm({ message: question }))) return;
    const r = await api.post(path, body);
    if (r.envelope.ok) show(r.envelope.msg || fallback, 'success');
    else await showError({ message: r.envelope.msg || undefined });
    refresh();
  }

  async function pdf(row: WorkOrderRow) {
    const r = await download('/ordenes_trabajo/pdf', { id: row.id });
    show(r.ok ? MSG_FILE_DOWNLOADED : r.msg, r.ok ? 'success' : 'error');
  }

  const columns: DataTableColumn<WorkOrderRow>[] = [
    {
      key: 'codigo',
      label: 'Código',
      sortable: true,
      render: (r) => (
        <Link to="/ordenes_trabajo/$id/editar" params={{ id: String(r.id) }} className="font-medium whitespace-nowrap text-teal-800 hover:underline">
          {r.codigo}
        </Link>
      ),
    },
    {
      key: 'obra',
      label: 'Obra',
      sortable: true,
      render: (r) => (
        <span className="line-clamp-2 max-w-28 text-sm leading-snug whitespace-normal" title={r.obra}>
          {r.obra}
        </span>
      ),
    },
    {
      key: 'equipo_codigo',
      label: 'Equipo',
      sortable: true,
      render: (r) => (
        <span className="block max-w-28" title={[r.equipo_codigo, r.equipo_descripcion].filter(Boolean).join(' - ')}>
          <span className="block truncate font-medium">{dash(r.equipo_codigo)}</span>
          {r.equipo_descripcion ? <span className="block truncate text-xs text-slate-500">{r.equipo_descripcion}</span> : null}
        </span>
      ),
    },
    {
      key: 'fecha_apertura_ot',
      label: 'Apertura',
      sortable: true,
      render: (r) => <WallClockCell value={r.fecha_apertura_ot} />,
    },
    { key: 'fecha_cierre_ot', label: 'Cierre', sortable: true, render: (r) => <WallClockCell value={r.fecha_cierre_ot} /> },
    {
      key: 'supervisor',
      label: 'Supervisor',
      sortable: true,
      render: (r) => (
        <span className="line-clamp-2 max-w-28 text-sm leading-snug whitespace-normal" title={r.supervisor ?? undefined}>
          {dash(r.supervisor)}
        </span>
      ),
    },
    { key: 'estado', label: 'Estado', sortable: true, render: (r) => <EstadoChip estado={r.estado} /> },
    {
      key: 'tiempo_ejecucion',
      label: 'Ejecución',
      sortable: true,
      align: 'right',
      render: (r) => <span className="tabular-nums">{r.fecha_cierre_ot ? minutesAsDuration(r.tiempo_ejecucion) : '—'}</span>,
    },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Órdenes de trabajo"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar código, equipo o placa"
        showDates
        canCreate={rights.edit}
        onCreate={() => void navigate({ to: '/ordenes_trabajo/nuevo' })}
        exportPath={PATH}
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
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
        fields={
          <>
            <div className="w-56 [&_label]:sr-only">
              <SelectLocal<number>
                label="Obra"
                endpoint="/fil_datas/obras"
                value={typeof search.id_obra === 'number' || typeof search.id_obra === 'string' ? Number(search.id_obra) : null}
                onChange={(v) => setSearch({ id_obra: v ?? undefined })}
                placeholder="Todas las obras"
              />
            </div>
            <div className="w-48 [&_label]:sr-only">
              <Select
                label="Estado"
                items={ESTADOS}
                value={typeof search.estado === 'string' || typeof search.estado === 'number' ? String(search.estado) : null}
                onChange={(value) => setSearch({ estado: value ?? undefined })}
                placeholder="Todos los estados"
                clearable
              />
            </div>
          </>
        }
      />
      <DataTable<WorkOrderRow>
        label="Órdenes de trabajo"
        columns={columns}
        query={list}
        search={search}
        setSearch={setSearch}
        rowMenu={(row) => [
          { label: rights.edit && row.estado === 1 ? 'Editar' : 'Ver', onClick: () => void navigate({ to: '/ordenes_trabajo/$id/editar', params: { id: String(row.id) } }) },
          { label: 'PDF', onClick: () => void pdf(row) },
          {
            label: 'Desactivar',
            hidden: !rights.edit || !isAdmin || row.estado === 2 || ((row.id_solicitud_compra ?? 0) > 0 && row.solicitud_estado !== 'borrador'),
            onClick: () => void act('/ordenes_trabajo/disable', { id: row.id }, 'Seguro que quieres desactivarlo?', MSG_DEACTIVATED),
          },
          {
            label: 'Replicar',
            hidden: !rights.edit || row.estado !== 3 || row.id_replica !== null,
            onClick: () => void navigate({ to: '/ordenes_trabajo/$id/replicar', params: { id: String(row.id) } }),
          },
          {
            label: 'Generar solicitud de servicio',
            hidden: !rights.edit || !me?.can_create_request || row.sin_productos !== 1 || row.estado === 2 || (row.id_solicitud_compra ?? 0) > 0,
            onClick: () =>
              void act(
                '/ordenes_trabajo/crearPreSolicitudServicio',
                { id_orden_trabajo: row.id },
                CONFIRM_SERVICE_REQUEST,
                MSG_ACTION_DONE,
              ),
          },
        ]}
      />
    </section>
  );
}
