import { Link } from '@tanstack/react-router';
import { TIPOS_TURNO } from '@shared/hour-meter-window';
import { useMe } from '../../session/useMe';
import { formatDate } from '@shared/time';
import { formatNumber } from '@shared/money';
import type { DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { recordMenu } from '../../ui/resource/recordMenu';
import { ObraFilter } from '../../ui/resource/ObraFilter';
import { SelectFilter } from '../../ui/resource/SelectFilter';
import { useResourceList } from '../../ui/resource/useResourceList';
import { HorometroDetail } from './HorometroDetail';
import { HorometroDialog } from './HorometroDialog';
import { horometros } from './hour-meters.resource';
import type { HorometroRow } from './hourMeterTypes';
import { PercentCell } from './PercentCell';

const TURNOS = TIPOS_TURNO.map((t) => ({ value: String(t.id), label: t.nombre }));

const columns: DataTableColumn<HorometroRow>[] = [
  { key: 'codigo', label: 'Equipo', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
  { key: 'obra', label: 'Obra', sortable: true, render: (r) => <span className="block max-w-28 truncate" title={r.obra ?? ''}>{r.obra}</span> },
  { key: 'fecha', label: 'Fecha', sortable: true, render: (r) => <span className="whitespace-nowrap tabular-nums">{formatDate(r.fecha)}</span> },
  { key: 'turno', label: 'Turno', sortable: true },
  { key: 'h_inicio', label: 'H. inicio', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{r.h_inicio}</span> },
  { key: 'h_fin', label: 'H. fin', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{r.h_fin}</span> },
  { key: 'horas_trabajadas', label: 'Horas', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{r.horas_trabajadas}</span> },
  {
    key: 'fallas',
    label: 'Fallas',
    sortable: true,
    align: 'right',
    render: (r) => (
      <span className={`tabular-nums ${r.fallas > 0 ? 'text-slate-900' : 'text-slate-500'}`} title={`Operacional ${formatNumber(r.falla_operacional, 1)} · Neta ${formatNumber(r.falla_neta, 1)} · Tajo ${formatNumber(r.falla_tajo, 1)}`}>
        {formatNumber(r.fallas, 1)}
      </span>
    ),
  },
  { key: 'disponibilidad', label: 'Disponib.', sortable: true, align: 'right', render: (r) => <PercentCell value={r.disponibilidad} /> },
  { key: 'utilizacion', label: 'Utilización', sortable: true, align: 'right', render: (r) => <PercentCell value={r.utilizacion} toned={false} /> },
];

/** /horometros (seed 001 §2, §3): the hour-meter logs with the time model's columns (worked
 * hours, failures, availability, utilisation) computed and sorted by the server. Filters by site,
 * machine, shift and dates live in the URL; rows expand into the failures and their observations.
 * Registering ('Nuevo') and the row actions need the /horometros edit right and the server's
 * `horometros` flag of /me (the profile flag; root always, seed 001 §6); the server checks both
 * and the registration window. */
export function HorometrosPage({ search }: { search: SearchOf<typeof horometros> }) {
  const list = useResourceList(horometros, search);
  const me = useMe().data;
  const canRegister = list.rights.edit && Boolean(me?.horometros);

  return (
    <ListPage
      list={list}
      title="Horómetros"
      searchPlaceholder="Código de equipo, placa u obra"
      showDates
      canCreate={canRegister}
      actions={
        canRegister ? (
          <Link
            to="/horometros/turno"
            search={search.id_obra ? { id_obra: search.id_obra } : {}}
            className="inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-4 text-slate-500">
              <path d="M3 4.75A1.75 1.75 0 0 1 4.75 3h10.5A1.75 1.75 0 0 1 17 4.75v10.5A1.75 1.75 0 0 1 15.25 17H4.75A1.75 1.75 0 0 1 3 15.25V4.75ZM4.5 7.5v2.25h4.75V7.5H4.5Zm6.25 0v2.25h4.75V7.5h-4.75Zm-6.25 3.75v3.25c0 .14.11.25.25.25h4.5v-3.5H4.5Zm6.25 0v3.5h4.5c.14 0 .25-.11.25-.25v-3.25h-4.75Z" />
            </svg>
            Registro por turno
          </Link>
        ) : null
      }
      filters={
        <>
          <ObraFilter list={list} placeholder="Todas" clears={['id_equipo']} className="w-44" />
          <SelectFilter list={list} name="id_equipo" label="Equipo" endpoint="/fil_datas/equipos" params={search.id_obra ? { id_obra: search.id_obra } : undefined} ajax placeholder="Todos" className="w-44" />
          <SelectFilter list={list} name="id_tipo_turno" label="Turno" items={TURNOS} placeholder="Todos" className="w-32" />
        </>
      }
      columns={columns}
      expand={(row) => <HorometroDetail row={row} />}
      rowMenu={(row) => recordMenu(row, { canEdit: canRegister, onEdit: () => list.edit(row.id), act: list.act })}
      dialog={(id, close) => <HorometroDialog id={id} onClose={close} />}
    />
  );
}
