import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { useRecordActions } from '../../ui/crud/useRecordActions';
import { DataTable, type DataTableColumn } from '../../ui/list/DataTable';
import { FilterBar } from '../../ui/list/FilterBar';
import { useList } from '../../ui/list/useList';
import { useListSearch } from '../../ui/list/useListSearch';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { useToast } from '../../ui/toast/useToast';
import { AmortizacionDialog } from './AmortizacionDialog';
import { DocumentosDialog } from './DocumentosDialog';
import { EquipoDetail } from './EquipoDetail';
import { EquipoDialog } from './EquipoDialog';
import type { EquipoRow, EquipoTarget } from './equipoTypes';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import { useLiveChanges } from '../../ui/list/useLiveChanges';
import { formatMoney } from '@shared/money';

const num = (x: unknown) => (x === undefined || x === null || x === '' ? null : Number(x));

/** /equipos (seed 001 §2): the equipment register. The list state lives in the URL (search, site,
 * group, brand, state, sort, page); rows expand into the machine's detail with its movement
 * history and insurance monthly cost; the row menu edits, removes, enables/disables (edit right
 * only) and opens the documents and the amortization; 'Nuevo' needs the edit right. Another
 * user's change offers a refresh instead of moving rows under the cursor. */
export function EquiposPage() {
  const { search, setSearch } = useListSearch();
  const query = useList<EquipoRow>({ path: '/equipos', search });
  const me = useMe();
  const rights = moduleRights(me.data, '/equipos');
  const [editing, setEditing] = useState<number | null>(null);
  const [amortizing, setAmortizing] = useState<EquipoTarget | null>(null);
  const [documents, setDocuments] = useState<EquipoTarget | null>(null);
  const { show } = useToast();
  const act = useRecordActions('/equipos', [['list', '/equipos']]);

  const liveBanner = useLiveChanges(['equipo'], () => query.refetch(), 'Hay equipos nuevos o modificados.');

  const columns: DataTableColumn<EquipoRow>[] = [
    { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
    { key: 'descripcion', label: 'Descripción', sortable: true },
    { key: 'obra', label: 'Obra', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.obra ?? ''}>{r.obra}</span> },
    { key: 'marca', label: 'Marca / modelo', sortable: true, render: (r) => [r.marca, r.modelo].filter(Boolean).join(' ') },
    { key: 'serie', label: 'Serie', sortable: true },
    { key: 'placa', label: 'Placa', sortable: true },
    { key: 'anio', label: 'Año', sortable: true, align: 'right' },
    { key: 'tarifa', label: 'Tarifa', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.tarifa)}<span className="text-xs text-slate-500">/{r.tipo_tarifa === 'MES' ? 'mes' : 'h'}</span></span> },
    { key: 'costo_mes_actual', label: 'Costo mes actual', align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.costo_mes_actual)}</span> },
    { key: 'pendiente_por_mes', label: 'Pendiente por mes', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.pendiente_por_mes)}</span> },
  ];

  const target = (r: EquipoRow): EquipoTarget => ({ id: r.id, codigo: r.codigo, descripcion: r.descripcion });

  return (
    <section className="space-y-4">
      <FilterBar
        title="Equipos"
        search={search}
        setSearch={setSearch}
        searchPlaceholder="Código, placa, serie o descripción"
        canCreate={rights.edit}
        onCreate={() => setEditing(0)}
        exportPath="/equipos"
        onExportResult={(r) => show(r.msg, r.ok ? 'success' : 'error')}
        fields={
          <>
            <div className="w-44">
              <SelectLocal<number> label="Obra" endpoint="/fil_datas/obras" value={num(search.id_obra)} onChange={(value) => setSearch({ id_obra: value ?? undefined })} placeholder="Todas" />
            </div>
            <div className="w-40">
              <SelectLocal<number>
                label="Grupo"
                endpoint="/fil_datas/equipo_grupos"
                value={num(search.id_equipo_grupo)}
                onChange={(value) => setSearch({ id_equipo_grupo: value ?? undefined, id_equipo_subgrupo: undefined })}
                placeholder="Todos"
              />
            </div>
            <div className="w-36">
              <SelectLocal<number> label="Marca" endpoint="/fil_datas/marcas" value={num(search.id_marca)} onChange={(value) => setSearch({ id_marca: value ?? undefined })} placeholder="Todas" />
            </div>
            <div className="w-32">
              <EstadoFilter value={search.estado} onChange={(estado) => setSearch({ estado })} />
            </div>
          </>
        }
      />
      {liveBanner}
      <DataTable<EquipoRow>
        label="Equipos"
        columns={columns}
        query={query}
        search={search}
        setSearch={setSearch}
        expand={(row) => <EquipoDetail row={row} />}
        rowMenu={(row) => [
          { label: 'Editar', onClick: () => setEditing(row.id), hidden: !rights.edit },
          { label: 'Eliminar', onClick: () => void act('remove', row.id), hidden: !rights.edit },
          row.estado === 1
            ? { label: 'Desactivar', onClick: () => void act('disable', row.id), hidden: !rights.edit }
            : { label: 'Activar', onClick: () => void act('enable', row.id), hidden: !rights.edit },
          { label: 'Documentos', onClick: () => setDocuments(target(row)) },
          { label: 'Amortización', onClick: () => setAmortizing(target(row)) },
        ]}
      />
      <EquipoDialog id={editing} onClose={() => setEditing(null)} />
      <AmortizacionDialog equipo={amortizing} canEdit={rights.edit} onClose={() => setAmortizing(null)} />
      <DocumentosDialog equipo={documents} canEdit={rights.edit} onClose={() => setDocuments(null)} />
    </section>
  );
}
