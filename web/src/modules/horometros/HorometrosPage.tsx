import { useState } from 'react';
import { TIPOS_TURNO } from '@api/horometros/tipos-turno';
import { moduleRights, useMe } from '../../session/useMe';
import { useRecordActions } from '../../ui/crud/useRecordActions';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';
import { HorometroDetail } from './HorometroDetail';
import { HorometroDialog } from './HorometroDialog';
import type { HorometroRow } from './horometroTypes';
import { PercentCell } from './PercentCell';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import { formatDate } from '@shared/time';
import { formatNumber } from '@shared/money';

const num = (x: unknown) => (x === undefined || x === null || x === '' ? null : Number(x));
const TURNOS = TIPOS_TURNO.map((t) => ({ value: String(t.id), label: t.nombre }));

/** /horometros (seed 001 §2, §3): the hour-meter logs with the time model's columns (worked
 * hours, failures, availability, utilisation) computed and sorted by the server. Filters by site,
 * machine, shift and dates live in the URL; rows expand into the failures and their observations.
 * Registering ('Nuevo') and the row actions need the /horometros edit right and a profile with the
 * horometros flag (seed 001 §6); the server checks both and the registration window. */
export function HorometrosPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<HorometroRow>({ path: '/horometros', search });
  const me = useMe();
  const rights = moduleRights(me.data, '/horometros');
  const canRegister = rights.edit && Boolean(me.data?.horometros || me.data?.is_root);
  const [editing, setEditing] = useState<number | null>(null);
  const { show } = useToast();
  const act = useRecordActions('/horometros', [['list', '/horometros']]);
  const idObra = num(search.id_obra);

  const liveBanner = useLiveChanges(['horometro'], () => query.refetch(), 'Hay registros de horómetro nuevos o modificados.');

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
        <span className={`tabular-nums ${r.fallas > 0 ? 'text-slate-900' : 'text-slate-400'}`} title={`Operacional ${formatNumber(r.falla_operacional, 1)} · Neta ${formatNumber(r.falla_neta, 1)} · Tajo ${formatNumber(r.falla_tajo, 1)}`}>
          {formatNumber(r.fallas, 1)}
        </span>
      ),
    },
    { key: 'disponibilidad', label: 'Disponib.', sortable: true, align: 'right', render: (r) => <PercentCell value={r.disponibilidad} /> },
    { key: 'utilizacion', label: 'Utilización', sortable: true, align: 'right', render: (r) => <PercentCell value={r.utilizacion} toned={false} /> },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Horómetros"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Código de equipo, placa u obra"
        showDates
        canCreate={canRegister}
        onCreate={() => setEditing(0)}
        exportPath="/horometros"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <>
            <div className="w-44">
              <SelectLocal<number>
                label="Obra"
                endpoint="/fil_datas/obras"
                value={idObra}
                onChange={(value) => setSearch({ id_obra: value ?? undefined, id_equipo: undefined })}
                placeholder="Todas"
              />
            </div>
            <div className="w-44">
              <SelectAjax<number>
                label="Equipo"
                endpoint="/fil_datas/equipos"
                params={idObra ? { id_obra: idObra } : undefined}
                minLength={0}
                value={num(search.id_equipo)}
                onChange={(value) => setSearch({ id_equipo: value ?? undefined })}
                placeholder="Todos"
              />
            </div>
            <div className="w-32">
              <Select
                label="Turno"
                items={TURNOS}
                value={search.id_tipo_turno === undefined || search.id_tipo_turno === null ? null : String(search.id_tipo_turno)}
                onChange={(value) => setSearch({ id_tipo_turno: value ?? undefined })}
                placeholder="Todos"
                clearable
              />
            </div>
          </>
        }
      />
      {liveBanner}
      <DataTable<HorometroRow>
        label="Horómetros"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        expand={(row) => <HorometroDetail row={row} />}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !canRegister },
          { label: 'Eliminar', onClick: () => void act('remove', row.id), hidden: !canRegister },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', row.id), hidden: !canRegister }
            : { label: 'Activar', onClick: () => void act('enable', row.id), hidden: !canRegister },
        ]}
      />
      <HorometroDialog id={editing} onClose={() => setEditing(null)} />
    </section>
  );
}
