import { useNavigate } from '@tanstack/react-router';
import { EXPIRY_DOCUMENTS } from '@shared/expiry-documents';
import { formatDate } from '@shared/time';
import { dash, type DataTableColumn } from '../../../ui/list/DataTable';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { ListPage } from '../../../ui/resource/ListPage';
import { ObraFilter } from '../../../ui/resource/ObraFilter';
import { SelectFilter } from '../../../ui/resource/SelectFilter';
import { useResourceList } from '../../../ui/resource/useResourceList';
import type { ExpiryRow } from './expiryTypes';
import { vencimientos } from './expiries.resource';

const DOCUMENTOS = EXPIRY_DOCUMENTS.map((d) => ({ value: d.id, label: d.nombre }));
const SITUACIONES = [
  { value: '0', label: 'Por vencer' },
  { value: '1', label: 'Vencidos' },
];

/** The days left, toned: expired red, a week or less amber. */
function DaysLeft({ row }: { row: ExpiryRow }) {
  const tone = row.dias < 0 ? 'bg-red-50 text-red-800 ring-red-200' : row.dias <= 7 ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-slate-50 text-slate-700 ring-slate-200';
  const text = row.dias < 0 ? `Vencido hace ${-row.dias} ${row.dias === -1 ? 'día' : 'días'}` : row.dias === 0 ? 'Vence hoy' : `${row.dias} ${row.dias === 1 ? 'día' : 'días'}`;
  return <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${tone}`}>{text}</span>;
}

const columns: DataTableColumn<ExpiryRow>[] = [
  { key: 'codigo', label: 'Equipo', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
  { key: 'placa', label: 'Placa', sortable: true, hideBelow: 'lg', render: (r) => dash(r.placa) },
  { key: 'obra', label: 'Obra', sortable: true, render: (r) => <span className="block max-w-48 truncate" title={r.obra}>{r.obra}</span> },
  { key: 'documento_nombre', label: 'Documento', sortable: true },
  { key: 'vence', label: 'Vence', sortable: true, render: (r) => <span className="whitespace-nowrap tabular-nums">{formatDate(r.vence)}</span> },
  { key: 'dias', label: 'Días', sortable: true, align: 'right', render: (r) => <DaysLeft row={r} /> },
  { key: 'situacion', label: 'Situación', sortable: true, hideBelow: 'xl' },
];

/** /vencimientos (issue 20 "Expiry alerts"): every active machine's SOAT, technical inspection
 * and insurance that expires within 30 days, or has expired, soonest first, on the caller's sites.
 * Filters by site, document and situation live in the URL; export; refreshed by any machine
 * change. A row opens its machine in /equipos, where the dates are edited. The fleet chief and the
 * site's supervisors are also notified 30, 7 and 1 day before (the worker's daily job). */
export function ExpiriesPage({ search }: { search: SearchOf<typeof vencimientos> }) {
  const list = useResourceList(vencimientos, search);
  const navigate = useNavigate();
  const openMachine = (row: ExpiryRow) => void navigate({ to: '/equipos', search: { query: row.codigo } });
  return (
    <ListPage
      list={list}
      title="Vencimientos"
      searchPlaceholder="Código o placa del equipo"
      filters={
        <>
          <ObraFilter list={list} className="w-full sm:w-72" />
          <SelectFilter list={list} name="documento" label="Documento" items={DOCUMENTOS} placeholder="Todos" className="w-full sm:w-64" />
          <SelectFilter list={list} name="vencido" label="Situación" items={SITUACIONES} placeholder="Todas" className="w-full sm:w-56" />
        </>
      }
      columns={columns}
      card={{ title: 'codigo', subtitle: 'documento_nombre', fields: ['vence', 'dias'] }}
      rowMenu={(row) => [{ label: 'Ver equipo', onClick: () => openMachine(row) }]}
      onOpen={openMachine}
    />
  );
}
