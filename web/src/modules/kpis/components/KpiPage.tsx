import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { useLive } from '../../../ui/resource/useLive';
import { KPIS_KEY } from '../kpis.queries';
import { MissingRateNotes } from './MissingRateNotes';

/** The card look of the KPI screens' panels. */
export const KPI_CARD = 'rounded-lg border border-slate-200 bg-white shadow-sm';

const NO_KPI_DATA = 'No hay información para este rango de fechas';

type Props<Data> = {
  title: string;
  intro: string;
  filters: ReactNode;
  query: UseQueryResult<Data & { notas?: readonly string[] }>;
  /** Whether the period has nothing to show ('No hay información…' instead of the figures). */
  isEmpty?(data: Data): boolean;
  /** The figures of a loaded, non-empty period. */
  children(data: Data): ReactNode;
};

/** A KPI screen: its title and intro, its filters, the notes of costs left out for lack of a
 * rate, and its body: loading (or the error and 'Reintentar'), empty, or the figures. Its figures
 * refresh by themselves when a KPI input or an exchange rate changes. */
export function KpiPage<Data>({ title, intro, filters, query, isEmpty, children }: Props<Data>) {
  useLive({ topics: ['kpis', 'tipo_cambio'], keys: [[...KPIS_KEY]], mode: 'auto' });
  return (
    <section className="space-y-4">
      <div className={`${KPI_CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {filters}
      <MissingRateNotes notas={query.data?.notas} />
      {query.isPending || query.isError ? (
        <LoadState framed error={query.error} onRetry={() => void query.refetch()} />
      ) : isEmpty?.(query.data) ? (
        <p className={`${KPI_CARD} py-16 text-center text-sm text-slate-600`}>{NO_KPI_DATA}</p>
      ) : (
        children(query.data)
      )}
    </section>
  );
}
