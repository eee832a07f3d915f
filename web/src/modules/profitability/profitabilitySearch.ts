import * as v from 'valibot';
import { optionalCode, optionalKey } from '../../ui/list/listSearch';

/** A list of ids in the URL: an array, '1,2' or a lone number; anything else is dropped rather
 * than failing the route. */
const ids = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.array(v.union([v.number(), v.string()])), v.string(), v.number()]),
      v.transform((raw) => {
        const parts = Array.isArray(raw) ? raw : String(raw).split(',');
        const out = [...new Set(parts.map(Number).filter((n) => Number.isInteger(n) && n > 0))];
        return out.length ? out : undefined;
      }),
    ),
  ),
  undefined,
);

/** Months as 'YYYY-MM' (the server's `id_meses`). */
const months = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.array(v.union([v.string(), v.number()])), v.string()]),
      v.transform((raw) => {
        const parts = (Array.isArray(raw) ? raw : raw.split(',')).map((s) => String(s).trim());
        const out = [...new Set(parts.filter((m) => /^\d{4}-(0[1-9]|1[0-2])$/.test(m)))].sort();
        return out.length ? out : undefined;
      }),
    ),
  ),
  undefined,
);

const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** The profitability report's state, only in the URL (STYLE 8; seed 002 §2, §4): the chart
 * ('Gráfica'), the range, the panel's filters, the months, the tab, whether Buscar was pressed
 * (`buscar`: the results are shown and follow the filters from then on) and the donut slice whose
 * breakdown is open (`item`, a row's `clave`). Changing the chart drops everything but the range. */
export const profitabilitySearch = v.object({
  id_selected: optionalCode([1, 2, 3, 4]),
  date_from: day,
  date_to: day,
  obras: ids,
  subgrupos: ids,
  equipos: ids,
  marcas: ids,
  modelos: ids,
  meses: months,
  tab: optionalCode([1, 2, 3, 4]),
  buscar: optionalCode([1]),
  item: optionalKey,
});

export type ProfitabilitySearch = v.InferOutput<typeof profitabilitySearch>;
