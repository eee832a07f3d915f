import { SERIES, type Series } from './ganttBars';

/** Seed 002 §4: the display options (Horas Mínimas, Promedio, Horas Máximas) behave as a set in
 * which at least one stays on: switching off the last one shown does nothing. Returns the series
 * shown after toggling `series`, in the chart's order. */
export function toggleSeries(shown: readonly Series[], series: Series): Series[] {
  if (shown.includes(series)) return shown.length === 1 ? [...shown] : shown.filter((s) => s !== series);
  return SERIES.filter((s) => s === series || shown.includes(s));
}
