import * as v from 'valibot';
import { listSearchSchema } from '../list/useListSearch';

/** A positive id from the URL (the router may parse it as a number or leave text); anything else
 * is dropped rather than failing the route. */
const idParam = v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.number(), v.integer(), v.minValue(1))), undefined);

/** Estado 1 (activos) or 0 (inactivos). */
const estadoParam = v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist([0, 1]))), undefined);

/** The list protocol in the URL (listSearchSchema) plus a catalogue's own filters: estado and the
 * named parent ids (e.g. ['id_equipo_grupo', 'id_equipo_subgrupo']), for a route's
 * `validateSearch`. */
export function catalogueSearchSchema(filters: readonly string[]) {
  return v.looseObject({
    ...listSearchSchema.entries,
    estado: estadoParam,
    ...Object.fromEntries(filters.map((name) => [name, idParam])),
  });
}
