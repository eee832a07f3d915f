import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState } from 'react';
import { formatNumber } from '@shared/money';
import { formatDateTime } from '@shared/time';
import { moduleRights, useMe } from '../../../session/useMe';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { amount } from '../internal/movements';
import type { IssueHistoryListRow as IssueHistoryRow } from '../movementTypes';
import { issueHistory } from '../siteMovements.resource';
import { NO_DATA } from '../../../ui/list/emptyTexts';

const columns: DataTableColumn<IssueHistoryRow>[] = [
  { key: 'id_salida', label: 'N° de salida', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{r.id_salida}</span> },
  { key: 'vale_salida', label: 'Vale de salida', sortable: true, render: (r) => <span className="font-medium whitespace-nowrap">{r.vale_salida}</span> },
  { key: 'codigo_orden_trabajo', label: 'OT', sortable: true, render: (r) => <span className="whitespace-nowrap">{r.codigo_orden_trabajo}</span> },
  { key: 'codigo_material', label: 'Código', hideBelow: 'xl', render: (r) => dash(r.codigo_material) },
  { key: 'descripcion', label: 'Descripción', render: (r) => <span className="block max-w-64 truncate" title={r.descripcion}>{dash(r.descripcion)}</span> },
  { key: 'cantidad', label: 'Cantidad', align: 'right', render: (r) => <span className="tabular-nums">{formatNumber(amount(r.cantidad))}</span> },
  { key: 'fecha_creado', label: 'Fecha', sortable: true, render: (r) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(r.fecha_creado)}</span> },
  { key: 'usuario', label: 'Usuario', hideBelow: '2xl', render: (r) => dash(r.usuario) },
];

/** The voucher filter: the exact VALE SALIDA, applied on Enter or on leaving the box (the label
 * beside its box, as every filter of the bar). */
function ValeFilter({ value, onChange }: { value: string | undefined; onChange(next: string | undefined): void }) {
  const id = useId();
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const apply = () => {
    const next = text.trim() || undefined;
    if (next !== value) onChange(next);
  };
  return (
    <div className="flex w-full items-center gap-2 sm:w-56">
      <label htmlFor={id} className="shrink-0 text-sm font-medium whitespace-nowrap text-slate-700">
        Vale
      </label>
      <input
        id={id}
        type="search"
        value={text}
        maxLength={50}
        autoComplete="off"
        placeholder="Vale de salida"
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        className="block h-11 min-w-0 flex-1 rounded-md border-0 bg-white px-3 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-teal-600 focus:outline-none focus:ring-inset sm:h-9"
      />
    </div>
  );
}

/** /almacen_obra_historico_salidas (seed 002 §7 "Site warehouse"): every issue of the user's sites,
 * one row per line issued, newest first; filters site, OT, voucher and dates; read-only. A card
 * opens the issue's work order for those who may see it. */
export function IssueHistoryPage({ search }: { search: SearchOf<typeof issueHistory> }) {
  const list = useResourceList(issueHistory, search);
  const navigate = useNavigate();
  const me = useMe();
  const canOpenOrder = me.data?.is_root || moduleRights(me.data, '/ordenes_trabajo').see;
  const site = search.id_obra ? { id_obra: search.id_obra } : undefined;
  return (
    <ListPage
      list={list}
      empty={NO_DATA}
      title="Histórico de salidas"
      searchPlaceholder="Buscar vale, OT o código"
      showDates
      filters={
        <>
          <ObraFilter list={list} clears={['id_orden_trabajo']} className="w-full sm:w-56" />
          <SelectFilter list={list} name="id_orden_trabajo" label="OT" endpoint="/fil_datas/ordenesTrabajo" params={site} ajax placeholder="Todas" className="w-full sm:w-48" />
          <ValeFilter value={search.vale_salida} onChange={(vale_salida) => list.setSearch({ vale_salida })} />
        </>
      }
      columns={columns}
      rowKey={(r) => `${r.id_salida}-${r.id_linea}`}
      card={{ title: 'vale_salida', subtitle: 'descripcion', fields: ['codigo_orden_trabajo', 'cantidad'] }}
      onOpen={canOpenOrder ? (row) => void navigate({ to: '/ordenes_trabajo/$id/editar', params: { id: String(row.id_orden_trabajo) } }) : undefined}
    />
  );
}
