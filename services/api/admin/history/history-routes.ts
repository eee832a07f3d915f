import * as v from 'valibot';
import { streamIdOf } from '../../../../events/store';
import { ApiError, FORBIDDEN, VALIDATION_FAILED } from '../../platform/api-error';
import { positiveId } from '../../platform/fields';
import { can } from '../../platform/principal';
import { assertSiteAllows } from '../../platform/site-scope';
import { defineRoute, type AnyRoute } from '../../platform/route';
import { ago } from '../logs/ago';
import { logTargets } from '../logs/log-targets';
import { typeLogs, unknownTypeLog } from '../logs/type-logs';
import { historyChanges } from './history-changes';
import { historyReply } from '../admin-contracts';

export const UNKNOWN_STREAM_TYPE = 'Tipo de registro no válido';

/** The stream types whose history can be opened, with the module whose `see` right opens it. */
function historyModule(streamType: string): string | null {
  const target = Object.hasOwn(logTargets, streamType) ? logTargets[streamType] : undefined;
  return target?.history && target.module ? target.module : null;
}

/** GET /history (seed 000, record history): from any row, the record's own event stream in order,
 * each event with who (and the real user behind a 'login as'), from which session, when, and the
 * fields changed before → after. Read from the event log itself, never from a projection. */
export function historyRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/history',
      access: { kind: 'signed_in' },
      summary: 'Historial de un registro (stream_type e id): cada evento con quién, cuándo, desde qué sesión y los campos cambiados; requiere ver el módulo del registro',
      input: v.object({
        stream_type: v.pipe(v.string('Tipo de registro no válido'), v.trim(), v.regex(/^[a-z_]{1,40}$/, UNKNOWN_STREAM_TYPE)),
        id: positiveId(),
      }),
      output: historyReply,
      async handler({ input, deps, principal }) {
        const module = historyModule(input.stream_type);
        if (!module) throw new ApiError(422, VALIDATION_FAILED, { stream_type: UNKNOWN_STREAM_TYPE });
        if (!can(principal!, module, 'see')) throw new ApiError(403, FORBIDDEN);
        // A site's records (hour-meter logs…) only for those who work there, as their own form.
        await assertSiteAllows(deps, principal!, input.stream_type, input.id);
        const events = await deps.store.readStream(streamIdOf(input.stream_type, input.id));
        const ids = new Set<number>();
        for (const e of events) {
          if (e.metadata.userId != null) ids.add(Number(e.metadata.userId));
          if (e.metadata.originalUserId != null) ids.add(Number(e.metadata.originalUserId));
        }
        const names = new Map<number, string>();
        if (ids.size) {
          const rows = await deps.sql<{ id: number; name: string }[]>`
            SELECT id::int AS id, concat_ws(' ', name, NULLIF(surname, '')) AS name FROM rm_users WHERE id IN ${deps.sql([...ids])}`;
          for (const r of rows) names.set(r.id, r.name);
        }
        const nameOf = (id: number | null) => (id == null ? null : (names.get(Number(id)) ?? `#${id}`));
        const now = deps.now();
        const items = events.map((e) => {
          const userId = e.metadata.userId ?? null;
          const originalUserId = e.metadata.originalUserId ?? null;
          const restored = e.data.restored_version;
          return {
            version: e.version,
            type: e.type,
            action: typeof restored === 'number' ? 'restauró' : (typeLogs[e.type] ?? unknownTypeLog).name,
            ...(typeof restored === 'number' ? { restored_version: restored } : {}),
            who: userId == null && originalUserId == null ? 'Sistema' : nameOf(userId),
            user_id: userId,
            original_who: nameOf(originalUserId),
            original_user_id: originalUserId,
            session: e.metadata.sessionId ?? null,
            when: e.recordedAt,
            ago: ago(e.recordedAt, now),
            changes: historyChanges(e.type, e.data),
          };
        });
        return { items };
      },
    }),
  ];
}
