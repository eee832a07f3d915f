import type { MilestoneStats } from '@shared/contracts/traceability';

/** The three series of the Gantt and of the cards (seed 002 §9: min green, average yellow, max red). */
export type Series = 'min' | 'promedio' | 'max';
export const SERIES: readonly Series[] = ['min', 'promedio', 'max'];

/** One bar of a milestone's row: hours from the start of the chain to where it begins and ends. */
export type GanttBar = { series: Series; start: number; end: number; hours: number };
export type GanttRow = { stats: MilestoneStats; bars: GanttBar[] };

/** The Gantt's geometry: for each shown series, a milestone's bar begins where the previous
 * milestone's bar of the same series ended (a chain of lead times), so a series' last bar ends at
 * its total, the figure its card shows (seed 002 §2; SEED-002-ANALYSIS 1.6 B: the cards are the sums
 * of the per-milestone figures). `max` is the longest end, the axis' reach. */
export function ganttBars(items: MilestoneStats[], shown: readonly Series[]): { rows: GanttRow[]; totals: Record<Series, number>; max: number } {
  const at: Record<Series, number> = { min: 0, promedio: 0, max: 0 };
  const rows = items.map((stats) => ({
    stats,
    bars: SERIES.flatMap((series) => {
      const hours = stats.data[series];
      const start = at[series];
      at[series] = start + hours;
      return shown.includes(series) ? [{ series, start, end: start + hours, hours }] : [];
    }),
  }));
  const r2 = (n: number) => Math.round(n * 100) / 100;
  const totals = { min: r2(at.min), promedio: r2(at.promedio), max: r2(at.max) };
  const max = Math.max(0, ...shown.map((s) => totals[s]));
  return { rows, totals, max };
}
