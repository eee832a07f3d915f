import * as v from 'valibot';
import { optionalCode, optionalId } from '../../ui/list/listSearch';

const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined);

/** The KPI screens' filters, only in the URL (issue 19): the period (whole months; default the
 * last 12), the site, the functional group (maintenance type 1 MP, 2 MC, 3 MCD) and the report kind. */
export const kpisSearch = v.object({
  date_from: day,
  date_to: day,
  id_obra: optionalId,
  id_gf: optionalCode([1, 2, 3]),
  id_reporte: optionalCode([1, 2, 3, 4, 5]),
});
export type KpisSearch = v.InferOutput<typeof kpisSearch>;
