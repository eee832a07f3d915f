import type { RecordAsOfReply } from '@shared/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@shared/time';
import { fetchOk } from '../../api/client';
import { ApiFailure } from '../../api/envelope';
import { Icon } from '../../shell/icons';
import { ChangeList } from './ChangeList';
import { StateFields } from './StateFields';

export const asOfKey = (streamType: string, id: number | string, at: string) => ['history-as-of', streamType, String(id), at] as const;

/** The record as it was at `at` (GET /history/asOf), read-only: a banner that says so, the fields
 * of that moment and what changed since, event by event. The reply stays on screen while the next
 * instant loads, so moving the slider does not flash. */
export function AsOfView({ streamType, id, at }: { streamType: string; id: number | string; at: string }) {
  const asOf = useQuery({
    queryKey: asOfKey(streamType, id, at),
    queryFn: () => fetchOk<RecordAsOfReply>('GET', '/history/asOf', { stream_type: streamType, id, at }),
    placeholderData: (previous) => previous,
    staleTime: 60_000,
    retry: false,
  });
  const banner = (
    <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" role="status" data-testid="as-of-banner">
      <Icon name="history" className="mt-0.5 size-4 shrink-0" />
      <span>Así estaba el registro el {formatDateTime(at)} — solo lectura</span>
    </p>
  );
  if (asOf.isError) {
    const notYet = asOf.error instanceof ApiFailure && asOf.error.status === 404;
    return (
      <div className="space-y-3">
        {banner}
        <p role={notYet ? undefined : 'alert'} className={`text-sm ${notYet ? 'text-slate-600' : 'text-red-700'}`}>
          {asOf.error.message}
        </p>
      </div>
    );
  }
  if (!asOf.data) {
    return (
      <div className="space-y-3">
        {banner}
        <p role="status" className="text-sm text-slate-500">
          Cargando...
        </p>
      </div>
    );
  }
  const { version, current_version: current, state, changes_since: since } = asOf.data;
  return (
    <div className="space-y-4" aria-busy={asOf.isFetching}>
      {banner}
      <p className="text-xs text-slate-600">
        Versión <span className="font-semibold tabular-nums">{version}</span> de <span className="tabular-nums">{current}</span>
        {since.length ? ` · ${since.length === 1 ? '1 cambio posterior' : `${since.length} cambios posteriores`}` : ' · la versión actual'}
      </p>
      <fieldset disabled className="rounded-md border border-slate-200 bg-slate-50/70 p-3">
        <legend className="px-1 text-xs font-semibold text-slate-600">Campos en esa fecha</legend>
        <StateFields state={state} />
      </fieldset>
      {since.length ? (
        <details className="rounded-md border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-semibold text-slate-800">Cambios desde entonces</summary>
          <ol className="mt-3 space-y-3" aria-label="Cambios desde entonces">
            {since.map((e) => (
              <li key={e.version}>
                <p className="text-xs text-slate-600">
                  <span className="font-semibold text-slate-800">v{e.version}</span> · {e.action} · {e.who ?? 'Sistema'}
                  {e.original_who ? ` como ${e.original_who}` : ''} · <time dateTime={e.when}>{formatDateTime(e.when)}</time>
                </p>
                <div className="mt-1">
                  <ChangeList changes={e.changes} />
                </div>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
