import type { ReactNode } from 'react';
import { MissingRateNotes } from './MissingRateNotes';

/** The card look of the KPI screens' panels. */
export const KPI_CARD = 'rounded-lg border border-slate-200 bg-white shadow-sm';

/** A KPI screen: its title and intro, its filters, the notes of costs left out for lack of a
 * rate, and its body (loading, empty or the figures). */
export function KpiPage({ title, intro, filters, notas, children }: { title: string; intro: string; filters: ReactNode; notas: readonly string[] | undefined; children: ReactNode }) {
  return (
    <section className="space-y-4">
      <div className={`${KPI_CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">{title}</h1>
        <p className="text-sm text-slate-600">{intro}</p>
      </div>
      {filters}
      <MissingRateNotes notas={notas} />
      {children}
    </section>
  );
}
