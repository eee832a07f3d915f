import * as v from 'valibot';
import { optionalCode, optionalIds, optionalKey } from '../../ui/list/listSearch';

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
  obras: optionalIds,
  subgrupos: optionalIds,
  equipos: optionalIds,
  marcas: optionalIds,
  modelos: optionalIds,
  meses: months,
  tab: optionalCode([1, 2, 3, 4]),
  buscar: optionalCode([1]),
  item: optionalKey,
});

export type ProfitabilitySearch = v.InferOutput<typeof profitabilitySearch>;
