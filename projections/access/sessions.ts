import type { InlineProjection } from '../types';

/** Sign-in sessions (`session-{id}` streams): opened, closed. The session table is what every
 * request's bearer token is checked against, so it is kept inline. A 'login as' session keeps the
 * administrator's session it was opened from (`id_session_parent`). */
export const sessionsProjection: InlineProjection = {
  name: 'sessions',
  handles: (e) => e.streamType === 'session',
  async apply(tx, events) {
    for (const e of events) {
      const d = e.data as Record<string, string | number | null>;
      if (e.type === 'SessionOpened') {
        await tx`INSERT INTO auth_sessions ${tx({
          id: d.id,
          token_hash: Buffer.from(String(d.token_hash), 'hex'),
          id_user: d.id_user,
          id_user_original: d.id_user_original ?? null,
          id_session_parent: d.id_session_parent ?? null,
          platform: d.platform ?? '',
          language: d.language ?? '',
          os: d.os ?? '',
          os_version: d.os_version ?? '',
          device_brand: d.device_brand ?? '',
          device_model: d.device_model ?? '',
          app_version: d.app_version ?? '',
          uuid: d.uuid ?? '',
          ip: d.ip ?? '',
          date_created: e.occurredAt,
          date_updated: e.occurredAt,
          date_expiration: new Date(String(d.date_expiration)),
        })}`;
      } else if (e.type === 'SessionClosed') {
        await tx`UPDATE auth_sessions SET date_deleted = ${e.occurredAt}, date_updated = ${e.occurredAt}
          WHERE id = ${String(d.id)} AND date_deleted IS NULL`;
      }
    }
  },
  async reset(tx) {
    await tx`TRUNCATE auth_sessions`;
  },
};
