import type { UseQueryResult } from '@tanstack/react-query';
import type { ProfitChart } from '@shared/profitability';
import type { profitParamsReply } from '@shared/contracts/profitability';
import type * as v from 'valibot';
import { RetryLine } from '../../../ui/dialogs/LoadState';
import type { SetSearch } from '../../../ui/list/listSearch';
import { MultiSelect } from '../../../ui/select/MultiSelect';
import { hasFilter } from '../internal/chartFilters';
import type { ProfitabilitySearch } from '../profitabilitySearch';

type Props = {
  chart: ProfitChart | undefined;
  search: ProfitabilitySearch;
  setSearch: SetSearch<ProfitabilitySearch>;
  params: UseQueryResult<v.InferOutput<typeof profitParamsReply>>;
  onHide(): void;
};

/** Seed 002 §2: the left panel ('Ocultar Filtros' hides it) with the chart's filters: Obras
 * (charts 1-3, 'Todas'), Descripcion (the subgroups, every chart, 'Todos'), Equipos, Marcas and
 * Modelos (chart 1), and the months multi-select ('Todas los meses', the seed's words) when the
 * server knows months with data. Nothing chosen means all. */
export function ProfitFilterPanel({ chart, search, setSearch, params, onHide }: Props) {
  const p = params.data;
  const set = (patch: Partial<ProfitabilitySearch>) => setSearch({ ...patch, item: undefined }, { replace: true });
  const list = <T,>(xs: T[]) => (xs.length ? xs : undefined);
  const marcas = search.marcas ?? [];
  const modelos = (p?.modelos ?? []).filter((m) => !marcas.length || marcas.includes(m.id_marca));
  return (
    <aside aria-label="Filtros" className="flex w-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:w-72 lg:shrink-0">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold text-slate-900">Filtros</h2>
        <button type="button" onClick={onHide} className="rounded-md px-2 py-1 text-sm font-medium text-teal-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-700 focus-visible:outline-none">
          Ocultar Filtros
        </button>
      </div>
      {params.isError ? <RetryLine message={params.error.message} onRetry={() => void params.refetch()} /> : null}
      {params.isPending ? <p className="text-sm text-slate-600">Cargando...</p> : null}
      {!chart ? (
        <p className="text-sm text-slate-600">Elija una gráfica para ver sus filtros.</p>
      ) : p ? (
        <>
          {hasFilter(chart, 'obras') ? <MultiSelect label="Obras" placeholder="Todas" options={p.obras} value={search.obras ?? []} onChange={(v) => set({ obras: list(v) })} /> : null}
          <MultiSelect label="Descripción" placeholder="Todos" options={p.descripcion} value={search.subgrupos ?? []} onChange={(v) => set({ subgrupos: list(v) })} />
          {hasFilter(chart, 'equipos') ? (
            <>
              <MultiSelect label="Equipos" placeholder="Todos" options={p.equipos} value={search.equipos ?? []} onChange={(v) => set({ equipos: list(v) })} />
              <MultiSelect
                label="Marcas"
                placeholder="Todas"
                options={p.marcas}
                value={marcas}
                onChange={(v) => {
                  // A model of a brand no longer chosen leaves the selection.
                  const keep = (search.modelos ?? []).filter((id) => !v.length || v.includes(p.modelos.find((m) => m.id === id)?.id_marca ?? -1));
                  set({ marcas: list(v), modelos: list(keep) });
                }}
              />
              <MultiSelect label="Modelos" placeholder="Todos" options={modelos} value={search.modelos ?? []} onChange={(v) => set({ modelos: list(v) })} />
            </>
          ) : null}
          {p.meses.length ? <MultiSelect label="Meses" placeholder="Todas los meses" options={p.meses} value={search.meses ?? []} onChange={(v) => set({ meses: list([...v].sort()) })} /> : null}
        </>
      ) : null}
    </aside>
  );
}
