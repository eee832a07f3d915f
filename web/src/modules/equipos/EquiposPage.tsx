import { useState } from 'react';
import { moduleRights, useMe } from '../../session/useMe';
import { formatMoney } from '../../ui/format/formatMoney';
import type { DataTableColumn } from '../../ui/list/DataTable';
import { EstadoFilter } from '../../ui/list/EstadoFilter';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { recordMenu } from '../../ui/resource/recordMenu';
import { useResourceList } from '../../ui/resource/useResourceList';
import { SelectLocal } from '../../ui/select/SelectLocal';
import { AmortizacionDialog } from './AmortizacionDialog';
import { DocumentosDialog } from './DocumentosDialog';
import { EquipoDetail } from './EquipoDetail';
import { EquipoDialog } from './EquipoDialog';
import { equipos } from './equipos.resource';
import type { EquipoRow, EquipoTarget } from './equipoTypes';

const money = (value: string) => <span className="tabular-nums">{formatMoney(value)}</span>;

const columns: DataTableColumn<EquipoRow>[] = [
  { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
  { key: 'descripcion', label: 'Descripción', sortable: true },
  { key: 'obra', label: 'Obra', sortable: true, render: (r) => <span className="block max-w-56 truncate" title={r.obra ?? ''}>{r.obra}</span> },
  { key: 'marca', label: 'Marca / modelo', sortable: true, render: (r) => [r.marca, r.modelo].filter(Boolean).join(' ') },
  { key: 'serie', label: 'Serie', sortable: true },
  { key: 'placa', label: 'Placa', sortable: true },
  { key: 'anio', label: 'Año', sortable: true, align: 'right' },
  { key: 'tarifa', label: 'Tarifa', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.tarifa)}<span className="text-xs text-slate-500">/{r.tipo_tarifa === 'MES' ? 'mes' : 'h'}</span></span> },
  { key: 'costo_mes_actual', label: 'Costo mes actual', align: 'right', render: (r) => money(r.costo_mes_actual) },
  { key: 'pendiente_por_mes', label: 'Pendiente por mes', sortable: true, align: 'right', render: (r) => money(r.pendiente_por_mes) },
];

const target = (r: EquipoRow): EquipoTarget => ({ id: r.id, codigo: r.codigo, descripcion: r.descripcion });

/** /equipos (seed 001 §2): the equipment register. The list state lives in the URL (search, site,
 * group, brand, state, sort, page); rows expand into the machine's detail with its movement
 * history and insurance monthly cost; the row menu edits, removes, enables/disables (edit right
 * only) and opens the documents and the amortization; 'Nuevo' needs the edit right. Another
 * user's change offers a refresh instead of moving rows under the cursor. */
export function EquiposPage({ search }: { search: SearchOf<typeof equipos> }) {
  const list = useResourceList(equipos, search);
  const rights = moduleRights(useMe().data, '/equipos');
  const [editing, setEditing] = useState<number | null>(null);
  const [amortizing, setAmortizing] = useState<EquipoTarget | null>(null);
  const [documents, setDocuments] = useState<EquipoTarget | null>(null);

  return (
    <ListPage
      list={list}
      title="Equipos"
      searchPlaceholder="Código, placa, serie o descripción"
      canCreate={rights.edit}
      onCreate={() => setEditing(0)}
      filters={
        <>
          <div className="w-44">
            <SelectLocal<number> label="Obra" endpoint="/fil_datas/obras" value={search.id_obra ?? null} onChange={(value) => list.setSearch({ id_obra: value ?? undefined })} placeholder="Todas" />
          </div>
          <div className="w-40">
            <SelectLocal<number>
              label="Grupo"
              endpoint="/fil_datas/equipo_grupos"
              value={search.id_equipo_grupo ?? null}
              onChange={(value) => list.setSearch({ id_equipo_grupo: value ?? undefined, id_equipo_subgrupo: undefined })}
              placeholder="Todos"
            />
          </div>
          <div className="w-36">
            <SelectLocal<number> label="Marca" endpoint="/fil_datas/marcas" value={search.id_marca ?? null} onChange={(value) => list.setSearch({ id_marca: value ?? undefined })} placeholder="Todas" />
          </div>
          <div className="w-32">
            <EstadoFilter value={search.estado} onChange={(estado) => list.setSearch({ estado })} />
          </div>
        </>
      }
      columns={columns}
      expand={(row) => <EquipoDetail row={row} />}
      rowMenu={(row) =>
        recordMenu(
          row,
          { canEdit: rights.edit, onEdit: () => setEditing(row.id), act: list.act },
          { label: 'Documentos', onClick: () => setDocuments(target(row)) },
          { label: 'Amortización', onClick: () => setAmortizing(target(row)) },
        )
      }
    >
      <EquipoDialog id={editing} onClose={() => setEditing(null)} />
      <AmortizacionDialog equipo={amortizing} canEdit={rights.edit} onClose={() => setAmortizing(null)} />
      <DocumentosDialog equipo={documents} canEdit={rights.edit} onClose={() => setDocuments(null)} />
    </ListPage>
  );
}
