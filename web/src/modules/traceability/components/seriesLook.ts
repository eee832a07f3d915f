import type { Series } from '../internal/ganttBars';

/** Seed 002 §9: min green, average yellow, max red; the names of the display options (§2). */
export const SERIES_LOOK: Record<Series, { label: string; fill: string; stroke: string; card: string }> = {
  min: { label: 'Horas Mínimas', fill: '#16a34a', stroke: '#15803d', card: 'border-green-600 bg-green-50' },
  promedio: { label: 'Promedio', fill: '#facc15', stroke: '#a16207', card: 'border-yellow-500 bg-yellow-50' },
  max: { label: 'Horas Máximas', fill: '#dc2626', stroke: '#b91c1c', card: 'border-red-600 bg-red-50' },
};
