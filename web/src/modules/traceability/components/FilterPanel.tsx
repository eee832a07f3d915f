import type { ReactNode } from 'react';
import { DateRangePicker } from '../../../ui/list/DateRangePicker';
import { RetryLine } from '../../../ui/dialogs/LoadState';
import { MultiSelect } from '../../../ui/select/MultiSelect';
import type { TraceabilityPanelState } from '../useTraceabilityFilters';
import { Check } from './Check';

/** Seed 002 §2: the tooltips of the disabled panel and of the site select. */
export const NEED_DATES = 'Seleccione un rango de fechas primero';
export const PICK_SITES = 'Seleccione una o más obras';

const LEGEND = 'mb-1 text-sm font-medium text-slate-700';

/** The left panel of both traceability screens (seed 002 §2, §5): the date range, then Obra,
 * Grupos Funcionales and Estado, all disabled until both dates are set; `children` is the
 * screen's own part (Visualización, the OT select). */
export function FilterPanel({ panel, children }: { panel: TraceabilityPanelState; children?: ReactNode }) {
  const { search, setSearch, options, datesSet, cerradas, abiertas } = panel;
  const gfOff = search.gf_off ?? [];
  const locked = !datesSet;
  return (
    <aside aria-label="Filtros" className="flex w-full flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:w-72 lg:shrink-0">
      <div>
        <p className={LEGEND}>Rango de fechas</p>
        <DateRangePicker from={search.date_from} to={search.date_to} onChange={(date_from, date_to) => setSearch({ date_from, date_to })} />
        {locked ? (
          <p role="note" className="mt-2 text-xs text-slate-600">
            {NEED_DATES}
          </p>
        ) : null}
      </div>
      {options.isError ? <RetryLine message={options.error.message} onRetry={() => void options.refetch()} /> : null}
      <fieldset disabled={locked} title={locked ? NEED_DATES : undefined} className="flex min-w-0 flex-col gap-4">
        <legend className="sr-only">Filtros de órdenes de trabajo</legend>
        <MultiSelect
          label="Obra"
          placeholder="Todas las obras"
          countNoun="obras"
          noOptions="Sin obras"
          options={options.data?.obras ?? []}
          value={search.obras ?? []}
          onChange={(obras) => setSearch({ obras: obras.length ? obras : undefined })}
          disabled={locked}
          title={locked ? NEED_DATES : PICK_SITES}
        />
        <fieldset className="min-w-0">
          <legend className={LEGEND}>Grupos Funcionales</legend>
          {options.isPending ? <p className="text-xs text-slate-500">Cargando...</p> : null}
          {options.data?.gf.map((g) => (
            <Check
              key={g.id}
              label={g.nombre}
              checked={!gfOff.includes(g.id)}
              disabled={locked}
              title={locked ? NEED_DATES : undefined}
              onChange={(on) => {
                const next = on ? gfOff.filter((id) => id !== g.id) : [...gfOff, g.id];
                setSearch({ gf_off: next.length ? next : undefined });
              }}
            />
          ))}
        </fieldset>
        <fieldset className="min-w-0">
          <legend className={LEGEND}>Estado</legend>
          <Check label="Cerradas" checked={cerradas} disabled={locked} title={locked ? NEED_DATES : undefined} onChange={(on) => setSearch({ cerradas: on ? undefined : 0 })} />
          <Check label="Abiertas" checked={abiertas} disabled={locked} title={locked ? NEED_DATES : undefined} onChange={(on) => setSearch({ abiertas: on ? undefined : 0 })} />
        </fieldset>
        {children}
      </fieldset>
    </aside>
  );
}
