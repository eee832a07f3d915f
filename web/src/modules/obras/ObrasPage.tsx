import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';
import { RecordHistoryPanel } from '../admin-content/RecordHistoryPanel';
import { MontoTotalDialog } from './MontoTotalDialog';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import { formatMoney } from '@shared/money';
import type { ObraRow } from '@api/obras/obras-contracts';


function positiveId(value: unknown): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

const dash = (value: string | null | undefined) => (value ? value : '—');

/** /obras (seed 001 §2, §3 'Site'): the work sites with code, name, company, address, city,
 * state, general expenses and total amount; filters by company and state; export. Row menu:
 * 'Monto total' (the dialog; edit right), 'Gastos generales' (/obras/{id}/editar, read-only
 * without the edit right) and the record's history. */
export function ObrasPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<ObraRow>({ path: '/obras', search });
  const rights = moduleRights(useMe().data, '/obras');
  const navigate = useNavigate();
  const { show } = useToast();
  const [monto, setMonto] = useState<number | null>(null);
  const [history, setHistory] = useState<ObraRow | null>(null);

  // Another user's change offers a refresh instead of moving rows under the cursor.
  const liveBanner = useLiveChanges(['obra'], () => query.refetch());

  const columns: DataTableColumn<ObraRow>[] = [
    { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span dir="ltr">{r.codigo}</span> },
    // Name, company and address wrap (two lines at most for the address), so the list fits a
    // 1366 px screen beside the menu without scrolling sideways.
    { key: 'nombre', label: 'Nombre', sortable: true, render: (r) => <span className="block min-w-32 py-1 whitespace-normal">{r.nombre}</span> },
    { key: 'empresa', label: 'Empresa', sortable: true, render: (r) => <span className="block min-w-28 whitespace-normal">{dash(r.empresa)}</span> },
    {
      key: 'direccion',
      label: 'Dirección',
      sortable: true,
      render: (r) => (
        <span className="line-clamp-2 min-w-32 whitespace-normal" title={r.direccion}>
          {dash(r.direccion)}
        </span>
      ),
    },
    { key: 'ciudad', label: 'Ciudad', sortable: true, render: (r) => dash(r.ciudad) },
    { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
    { key: 'gastos_generales', label: 'Gastos generales', sortable: true, align: 'right', render: (r) => <span className="whitespace-nowrap tabular-nums">{formatMoney(r.gastos_generales)}</span> },
    { key: 'monto_total', label: 'Monto total', sortable: true, align: 'right', render: (r) => <span className="whitespace-nowrap tabular-nums">{formatMoney(r.monto_total)}</span> },
  ];

  return (
    <section className="space-y-4">
      <FilterBar
        title="Obras"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Buscar código, nombre o ciudad"
        exportPath="/obras"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <>
            <div className="w-full sm:w-60">
              <SelectLocal<number>
                label="Empresa"
                endpoint="/fil_datas/empresas"
                placeholder="Todas"
                value={positiveId(search.id_empresa)}
                onChange={(value) => setSearch({ id_empresa: value ?? undefined })}
              />
            </div>
            <div className="w-full sm:w-40">
              <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado })} />
            </div>
          </>
        }
      />
      {liveBanner}
      <DataTable<ObraRow>
        label="Obras"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        rowMenu={(row) => [
          { label: 'Monto total', onClick: () => setMonto(row.id), hidden: !rights.edit },
          { label: 'Gastos generales', onClick: () => void navigate({ to: '/obras/$id/editar', params: { id: String(row.id) } }) },
          { label: 'Historial', onClick: () => setHistory(row) },
        ]}
      />
      <MontoTotalDialog id={monto} onClose={() => setMonto(null)} />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="obra" id={history?.id ?? 0} label={history ? `Obra ${history.nombre}` : undefined} />
    </section>
  );
}
