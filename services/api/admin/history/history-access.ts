import * as v from 'valibot';
import { ApiError, FORBIDDEN, NOT_FOUND } from '../../platform/api-error';
import type { ApiDeps } from '../../platform/deps';
import { can, type Principal } from '../../platform/principal';
import { assertSiteAllows, siteAllows, userSites } from '../../platform/site-scope';
import { historyStream, type HistoryStream } from './history-streams';

export const UNKNOWN_STREAM_TYPE = 'Tipo de registro no válido';

/** The `stream_type` of a history call: a type whose history can be opened (historyStream). */
export const historyStreamType = () =>
  v.pipe(v.string(UNKNOWN_STREAM_TYPE), v.trim(), v.regex(/^[a-z_]{1,40}$/, UNKNOWN_STREAM_TYPE), v.check((t) => historyStream(t) !== null, UNKNOWN_STREAM_TYPE));

/** Whether `principal` may open the history of record `id` of `streamType` (its history, its
 * state as of an instant, its download): 403 without the `see` right on its module, 404 for a
 * record of a site the caller does not work on, as its own form answers. A type without history
 * never gets here: the routes' input refuses it (historyStreamType, 422). Returns the stream
 * type's entry. */
export async function historyAccess(deps: Pick<ApiDeps, 'sql'>, principal: Principal, streamType: string, id: number): Promise<HistoryStream> {
  const stream = historyStream(streamType);
  if (!stream) throw new Error(`no history for stream type ${streamType}: the input admits only those with one`);
  if (!can(principal, stream.module, 'see')) throw new ApiError(403, FORBIDDEN);
  if (stream.site === 'obra') {
    if (!(await siteAllows(deps, principal, 'obra', id))) throw new ApiError(404, NOT_FOUND);
  } else if (stream.site === 'stock') {
    const sites = await userSites(deps, principal);
    if (sites !== 'all') {
      const [row] = await deps.sql<{ almacen: string; id_obra: number }[]>`SELECT almacen, id_obra::int AS id_obra FROM rm_stock WHERE id_stock = ${id}`;
      if (!row || (row.almacen !== 'central' && !sites.includes(row.id_obra))) throw new ApiError(404, NOT_FOUND);
    }
  } else {
    // A site's records (work orders, requests, hour-meter logs…) only for those who work there.
    await assertSiteAllows(deps, principal, streamType, id);
  }
  return stream;
}
