import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { formatMoney } from '@shared/money';
import { moduleRights, useMe } from '../../session/useMe';
import { dash, type DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { EstadoFilter } from '../../ui/resource/EstadoFilter';
import { ListPage } from '../../ui/resource/ListPage';
import { SelectFilter } from '../../ui/resource/SelectFilter';
import { useResourceList } from '../../ui/resource/useResourceList';
import { RecordHistoryPanel } from '../../ui/history/RecordHistoryPanel';
import { CatalogueDialog } from '../../ui/crud/CatalogueDialog';
import { obrasCatalogue } from './empresasCatalogue';
import { MontoTotalDialog } from './MontoTotalDialog';
import { obras, type ObraRow } from './sites.resource';

const money = (value: string) => <span className="whitespace-nowrap tabular-nums">{formatMoney(value)}</span>;

const columns: DataTableColumn<ObraRow>[] = [
  { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span dir="ltr">{r.codigo}</span> },
  // Name, company and address wrap (two lines at most for the address), so the list fits a
  // 1366 px screen beside the menu without scrolling sideways.
  { key: 'nombre', label: 'Nombre', sortable: true, render: (r) => <span className="block min-w-32 py-1 whitespace-normal">{r.nombre}</span> },
  { key: 'empresa', label: 'Empresa', sortable: true, render: (r) => <span className="block min-w-28 whitespace-normal">{dash(r.empresa)}</span> },
  { key: 'direccion', label: 'Dirección', sortable: true, render: (r) => <span className="line-clamp-2 min-w-32 whitespace-normal" title={r.direccion}>{dash(r.direccion)}</span> },
  { key: 'ciudad', label: 'Ciudad', sortable: true, render: (r) => dash(r.ciudad) },
  { key: 'estado', label: 'Estado', sortable: true, render: (r) => (r.estado === 1 ? 'Activo' : 'Inactivo') },
  { key: 'gastos_generales', label: 'Gastos generales', sortable: true, align: 'right', render: (r) => money(r.gastos_generales) },
  { key: 'monto_total', label: 'Monto total', sortable: true, align: 'right', render: (r) => money(r.monto_total) },
];

/** /obras (seed 001 §2, §3 'Site'): the work sites with code, name, company, address, city,
 * state, general expenses and total amount; filters by company and state; export; 'Nuevo'. Row
 * menu: 'Editar', 'Activar'/'Desactivar' and 'Eliminar' of the generic CRUD (the site form of
 * obrasCatalogue) and 'Monto total' (the dialog), all for the edit right; 'Gastos generales'
 * (/obras/{id}/editar, read-only without the edit right), 'Frentes de obra' (the site's fronts,
 * /frentes_obra?id_obra=, with that module's right) and the record's history. */
export function ObrasPage({ search }: { search: SearchOf<typeof obras> }) {
  const list = useResourceList(obras, search);
  const navigate = useNavigate();
  const fronts = moduleRights(useMe().data, '/frentes_obra').see;
  const [monto, setMonto] = useState<number | null>(null);
  const [history, setHistory] = useState<ObraRow | null>(null);

  return (
    <ListPage
      list={list}
      title="Obras"
      searchPlaceholder="Buscar código, nombre o ciudad"
      filters={[<SelectFilter key="empresa" list={list} name="id_empresa" label="Empresa" endpoint="/fil_datas/empresas" placeholder="Todas" className="w-full sm:w-60" />, <EstadoFilter key="estado" list={list} />]}
      columns={columns}
      dialog={(id, close) => <CatalogueDialog config={obrasCatalogue} id={id} onClose={close} />}
      rowMenu={(row) =>
        list.menu(
          row,
          { label: 'Monto total', onClick: () => setMonto(row.id), hidden: !list.rights.edit },
          { label: 'Gastos generales', onClick: () => void navigate({ to: '/obras/$id/editar', params: { id: String(row.id) } }) },
          { label: 'Frentes de obra', onClick: () => void navigate({ to: '/frentes_obra', search: { id_obra: row.id } }), hidden: !fronts },
          { label: 'Historial', onClick: () => setHistory(row) },
        )
      }
    >
      <MontoTotalDialog id={monto} onClose={() => setMonto(null)} />
      <RecordHistoryPanel open={history !== null} onClose={() => setHistory(null)} streamType="obra" id={history?.id ?? 0} label={history ? `Obra ${history.nombre}` : undefined} />
    </ListPage>
  );
}
