import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { formatNumber } from '@shared/money';
import type { PmEstado } from '@shared/pm-forecast';
import { formatDate } from '@shared/time';
import type { DataTableColumn } from '../../ui/list/DataTable';
import type { SearchOf } from '../../ui/resource/defineResource';
import { ListPage } from '../../ui/resource/ListPage';
import { ObraFilter } from '../../ui/resource/ObraFilter';
import { useResourceList } from '../../ui/resource/useResourceList';
import { moduleRights } from '../../session/me';
import { useMe } from '../../session/useMe';
import { PmBands } from './PmBands';
import { pmBoard } from './pm.resource';
import type { PmBoardRow, PmEquipoTarget } from './pmTypes';

// The dialogs load when first opened: the board's own chunk stays small.
const PmPlansDialog = lazy(() => import('./PmPlansDialog').then((m) => ({ default: m.PmPlansDialog })));
const PmSiteSettingsDialog = lazy(() => import('./PmSiteSettingsDialog').then((m) => ({ default: m.PmSiteSettingsDialog })));

const ACTION_BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

const TONE: Record<PmEstado, string> = {
  vencido: 'bg-red-50 text-red-800 ring-red-200',
  proximo_7: 'bg-amber-50 text-amber-900 ring-amber-200',
  proximo_30: 'bg-teal-50 text-teal-900 ring-teal-200',
  al_dia: 'bg-slate-50 text-slate-700 ring-slate-200',
  sin_uso: 'bg-slate-100 text-slate-700 ring-slate-300',
};
const UNIT: Record<PmBoardRow['unidad'], string> = { horas: 'h', km: 'km', dias: 'días' };
const reading = (x: number | null, r: PmBoardRow) => (x === null ? '—' : `${formatNumber(x, r.unidad === 'dias' ? 0 : 1)} ${UNIT[r.unidad]}`);

const columns: DataTableColumn<PmBoardRow>[] = [
  { key: 'codigo', label: 'Equipo', sortable: true, render: (r) => <span className="font-medium text-slate-900">{r.codigo}</span> },
  { key: 'obra', label: 'Obra', sortable: true, hideBelow: 'lg', render: (r) => <span className="block max-w-32 truncate" title={r.obra ?? ''}>{r.obra}</span> },
  { key: 'plan', label: 'Plan', sortable: true, render: (r) => <span title={r.heredado ? 'Heredado del subgrupo' : undefined}>{r.plan}</span> },
  {
    key: 'vencimiento_texto',
    label: 'Vencimiento',
    render: (r) => <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${TONE[r.vencimiento]}`}>{r.vencimiento_texto}</span>,
  },
  { key: 'fecha', label: 'Fecha prevista', sortable: true, render: (r) => <span className="whitespace-nowrap tabular-nums">{r.fecha ? formatDate(r.fecha) : 'sin uso reciente'}</span> },
  { key: 'dias', label: 'Días', sortable: true, align: 'right', render: (r) => <span className="tabular-nums">{r.dias ?? '—'}</span> },
  { key: 'restante', label: 'Restante', sortable: true, align: 'right', render: (r) => <span className="whitespace-nowrap tabular-nums">{reading(r.restante, r)}</span> },
  { key: 'ultimo_valor', label: 'Último servicio', sortable: true, align: 'right', hideBelow: 'xl', render: (r) => <span className="whitespace-nowrap tabular-nums">{reading(r.ultimo_valor, r)}</span> },
  { key: 'intervalo', label: 'Intervalo', sortable: true, align: 'right', hideBelow: 'lg', render: (r) => <span className="whitespace-nowrap tabular-nums">{reading(r.intervalo, r)}</span> },
  { key: 'uso_diario', label: 'Uso diario', sortable: true, align: 'right', hideBelow: 'lg', render: (r) => <span className="whitespace-nowrap tabular-nums">{r.uso_diario === null ? '—' : `${formatNumber(r.uso_diario, 1)} h/día`}</span> },
  { key: 'ot_codigo', label: 'OT abierta', sortable: true, hideBelow: 'xl', render: (r) => r.ot_codigo ?? '—' },
];

/** The data behind a forecast, under its row. */
function PmDetail({ row }: { row: PmBoardRow }) {
  const facts: [string, string][] = [
    ['Lectura actual', reading(row.actual, row)],
    ['Vence en', row.vence_en === null ? '—' : reading(row.vence_en, row)],
    ['Último servicio', `${reading(row.ultimo_valor, row)}${row.ultima_fecha ? ` (${formatDate(row.ultima_fecha)})` : ''}`],
    ['Intervalo', `${reading(row.intervalo, row)}${row.heredado ? ' (del subgrupo)' : ''}`],
    ['Uso diario (últimos 30 días)', row.uso_diario === null ? 'sin uso reciente' : `${formatNumber(row.uso_diario, 2)} h/día`],
    ['OT preventiva abierta', row.ot_codigo ?? 'ninguna'],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-2 p-3 text-sm sm:grid-cols-3">
      {facts.map(([k, v]) => (
        <div key={k}>
          <dt className="text-slate-600">{k}</dt>
          <dd className="font-medium tabular-nums text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /mantenimiento_preventivo (issue 20): every active plan of the caller's sites, by band
 * (overdue, within 7 days, within 30 days), with the forecast date, the hours left and the data
 * behind them; filters and export like every list; live. A due item opens its preventive OT; a
 * row's machine opens its plans editor; with a site chosen, 'Apertura automática' opens the site's
 * automatic opening setting. */
export function PmBoardPage({ search }: { search: SearchOf<typeof pmBoard> }) {
  const list = useResourceList(pmBoard, search);
  const navigate = useNavigate();
  const me = useMe().data;
  const canOpenOrder = moduleRights(me, '/ordenes_trabajo').edit;
  const [plansOf, setPlansOf] = useState<PmEquipoTarget | null>(null);
  const [site, setSite] = useState<{ id: number; nombre: string } | null>(null);
  const siteName = () => list.query.data?.items.find((r) => r.id_obra === search.id_obra)?.obra ?? '';
  return (
    <ListPage
      list={list}
      title="Mantenimiento preventivo"
      searchPlaceholder="Equipo, descripción o plan"
      actions={
        search.id_obra ? (
          <button type="button" className={ACTION_BUTTON} onClick={() => setSite({ id: search.id_obra!, nombre: siteName() })}>
            Apertura automática
          </button>
        ) : null
      }
      filters={
        <>
          <ObraFilter list={list} placeholder="Todas" clears={['id_equipo']} className="w-full sm:w-52" />
          <PmBands idObra={search.id_obra} value={search.vencimiento} onChange={(vencimiento) => list.setSearch({ vencimiento })} />
        </>
      }
      columns={columns}
      card={{ title: 'codigo', subtitle: 'plan', chip: 'vencimiento_texto', fields: ['fecha', 'restante'] }}
      expand={(row) => <PmDetail row={row} />}
      rowMenu={(row) => [
        {
          label: 'Abrir OT preventiva',
          hidden: !canOpenOrder || row.id_orden_trabajo !== null,
          onClick: () => void navigate({ to: '/ordenes_trabajo/nuevo', search: { id_equipo: row.id_equipo, id_pm_plan: row.id_plan } as never }),
        },
        {
          label: 'Planes del equipo',
          onClick: () => setPlansOf({ id: row.id_equipo, codigo: row.codigo, descripcion: row.descripcion }),
        },
        {
          label: `Ver OT ${row.ot_codigo ?? ''}`.trim(),
          hidden: row.id_orden_trabajo === null,
          onClick: () => void navigate({ to: '/ordenes_trabajo/$id/editar', params: { id: String(row.id_orden_trabajo) } }),
        },
      ]}
    >
      <Suspense fallback={null}>
        {plansOf ? <PmPlansDialog equipo={plansOf} onClose={() => setPlansOf(null)} /> : null}
        {site ? <PmSiteSettingsDialog obra={site} canEdit={moduleRights(me, '/mantenimiento_preventivo').edit} onClose={() => setSite(null)} /> : null}
      </Suspense>
    </ListPage>
  );
}
