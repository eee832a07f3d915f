import { lazy, Suspense, useState } from 'react';
import { formatMoney } from '@shared/money';
import type { DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { EstadoFilter } from '../../ui/resource/EstadoFilter';
import { ObraFilter } from '../../ui/resource/ObraFilter';
import { SelectFilter } from '../../ui/resource/SelectFilter';
import { useResourceList } from '../../ui/resource/useResourceList';
import { AmortizacionDialog } from './AmortizacionDialog';
import { DocumentosDialog } from './DocumentosDialog';
import { EquipoDetail } from './EquipoDetail';
import { EquipoDialog } from './EquipoDialog';
import { equipos } from './equipment.resource';
import type { EquipoRow, EquipoTarget } from './equipmentTypes';
import { moduleRights } from '../../session/me';
import { useMe } from '../../session/useMe';

// The machine's preventive-maintenance plans (issue 20), loaded when first opened.
const PmPlansDialog = lazy(() => import('../preventive-maintenance/PmPlansDialog').then((m) => ({ default: m.PmPlansDialog })));

const money = (value: string) => <span className="tabular-nums">{formatMoney(value)}</span>;

const columns: DataTableColumn<EquipoRow>[] = [
  { key: 'codigo', label: 'Código', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
  { key: 'descripcion', label: 'Descripción', sortable: true },
  { key: 'obra', label: 'Obra', sortable: true, render: (r) => <span className="block max-w-48 truncate" title={r.obra ?? ''}>{r.obra}</span> },
  // Seed 001 §3: the list shows the machine's group and subgroup (the export and the expanded row
  // have them too); from 2xl up, like Serie and Año, so the table fits a 1366 px laptop's card.
  { key: 'grupo', label: 'Grupo', sortable: true, hideBelow: '2xl' },
  { key: 'subgrupo', label: 'Subgrupo', sortable: true, hideBelow: '2xl' },
  { key: 'marca', label: 'Marca / modelo', sortable: true, render: (r) => [r.marca, r.modelo].filter(Boolean).join(' ') },
  { key: 'serie', label: 'Serie', sortable: true, hideBelow: '2xl' },
  { key: 'placa', label: 'Placa', sortable: true },
  { key: 'anio', label: 'Año', sortable: true, align: 'right', hideBelow: '2xl' },
  { key: 'tarifa', label: 'Tarifa', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{formatMoney(r.tarifa)}<span className="text-xs text-slate-500">/{r.tipo_tarifa === 'MES' ? 'mes' : 'h'}</span></span> },
  { key: 'costo_mes_actual', label: 'Costo mes actual', align: 'right', hideBelow: '2xl', render: (r) => money(r.costo_mes_actual) },
  { key: 'pendiente_por_mes', label: 'Pendiente por mes', sortable: true, align: 'right', hideBelow: '2xl', render: (r) => money(r.pendiente_por_mes) },
];

const target = (r: EquipoRow): EquipoTarget => ({ id: r.id, codigo: r.codigo, descripcion: r.descripcion });

/** /equipos (seed 001 §2): the equipment register. The list state lives in the URL (search, site,
 * group, brand, state, sort, page); rows expand into the machine's detail with its movement
 * history and insurance monthly cost; the row menu edits, removes, enables/disables (edit right
 * only) and opens the documents and the amortization; 'Nuevo' needs the edit right. Another
 * user's change offers a refresh instead of moving rows under the cursor. */
export function EquiposPage({ search }: { search: SearchOf<typeof equipos> }) {
  const list = useResourceList(equipos, search);
  const [amortizing, setAmortizing] = useState<EquipoTarget | null>(null);
  const [documents, setDocuments] = useState<EquipoTarget | null>(null);
  const [plans, setPlans] = useState<EquipoTarget | null>(null);
  const seesPlans = moduleRights(useMe().data, '/mantenimiento_preventivo').see;

  return (
    <ListPage
      list={list}
      title="Equipos"
      searchPlaceholder="Código, placa, serie o descripción"
      filters={
        <>
          <ObraFilter list={list} placeholder="Todas" className="w-44" />
          <SelectFilter list={list} name="id_equipo_grupo" label="Grupo" endpoint="/fil_datas/equipo_grupos" placeholder="Todos" clears={['id_equipo_subgrupo']} className="w-40" />
          <SelectFilter list={list} name="id_marca" label="Marca" endpoint="/fil_datas/marcas" placeholder="Todas" className="w-36" />
          <EstadoFilter list={list} className="w-32" />
        </>
      }
      columns={columns}
      expand={(row) => <EquipoDetail row={row} />}
      rowMenu={(row) =>
        list.menu(
          row,
          { label: 'Documentos', onClick: () => setDocuments(target(row)) },
          { label: 'Amortización', onClick: () => setAmortizing(target(row)) },
          { label: 'Planes de mantenimiento', hidden: !seesPlans, onClick: () => setPlans(target(row)) },
        )
      }
      dialog={(id, close) => <EquipoDialog id={id} onClose={close} />}
    >
      <AmortizacionDialog equipo={amortizing} canEdit={list.rights.edit} onClose={() => setAmortizing(null)} />
      <DocumentosDialog equipo={documents} canEdit={list.rights.edit} onClose={() => setDocuments(null)} />
      <Suspense fallback={null}>{plans ? <PmPlansDialog equipo={plans} onClose={() => setPlans(null)} /> : null}</Suspense>
    </ListPage>
  );
}
