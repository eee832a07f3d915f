import * as v from 'valibot';
import { optionalId, optionalIds } from '../../ui/list/listSearch';
import type { Series } from './internal/ganttBars';

/** A switched-off flag: 0 when off, absent when on (the default). */
const off = v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([0]))), undefined);

const series = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.array(v.string()), v.string()]),
      v.transform((raw) => {
        const parts = Array.isArray(raw) ? raw : raw.split(',');
        const out = (['min', 'promedio', 'max'] as const).filter((s) => parts.includes(s));
        // Seed 002 §4: at least one display option stays on.
        return out.length && out.length < 3 ? out : undefined;
      }),
    ),
  ),
  undefined,
);

const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** The traceability panels' filters as they live in the URL (STYLE 8), both screens: the range,
 * the chosen sites (none: all), the functional groups switched off (none: all on), the states
 * switched off (none: both on); the global screen's hidden series, the per-OT screen's order. */
export const traceabilitySearch = v.object({
  date_from: day,
  date_to: day,
  obras: optionalIds,
  gf_off: optionalIds,
  cerradas: off,
  abiertas: off,
  ocultar: series,
  id_ot: optionalId,
});

export type TraceabilitySearch = v.InferOutput<typeof traceabilitySearch>;
export type HiddenSeries = Series[];
