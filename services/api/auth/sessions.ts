import { randomBytes, randomUUID } from 'node:crypto';
import type { TransactionSql } from 'postgres';
import type { EventStore } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { hashToken } from '../platform/principal';

export type Device = {
  platform?: string;
  language?: string;
  os?: string;
  os_version?: string;
  device_brand?: string;
  device_model?: string;
  app_version?: string;
  uuid?: string;
};

export type OpenSessionInput = {
  userId: number;
  originalUserId?: number | null;
  device: Device;
  ip: string;
  hours: number;
  now: Date;
  metadata?: Partial<EventMetadata>;
  /** The administrator's session a 'login as' session is opened from: it ends with that one. */
  parentSessionId?: string | null;
  within?: (tx: TransactionSql) => Promise<void>;
};

/** The callback argument of `store.transaction`: appends that commit together. */
export type StoreTransaction = Parameters<Parameters<EventStore['transaction']>[0]>[0];

export type CloseReason = 'logout' | 'revoked' | 'password_changed' | 'user_disabled' | 'parent_closed';

function streamOf(sessionId: string) {
  return `session-${sessionId.replace(/-/g, '')}`;
}

/** Opens a session: a random 256-bit bearer token, of which only the SHA-256 is stored (in the
 * event and the session table). The token itself is returned once, to the caller. */
export async function openSession(store: EventStore, input: OpenSessionInput): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  const expiresAt = new Date(input.now.getTime() + input.hours * 3600_000);
  const clip = (s: string | undefined) => (s ?? '').slice(0, 120);
  await store.append(
    streamOf(sessionId),
    [
      {
        type: 'SessionOpened',
        data: {
          id: sessionId,
          token_hash: hashToken(token).toString('hex'),
          id_user: input.userId,
          id_user_original: input.originalUserId ?? null,
          id_session_parent: input.parentSessionId ?? null,
          platform: clip(input.device.platform),
          language: clip(input.device.language),
          os: clip(input.device.os),
          os_version: clip(input.device.os_version),
          device_brand: clip(input.device.device_brand),
          device_model: clip(input.device.device_model),
          app_version: clip(input.device.app_version),
          uuid: clip(input.device.uuid),
          ip: clip(input.ip),
          date_expiration: expiresAt.toISOString(),
        },
        occurredAt: input.now,
      },
    ],
    {
      expectedVersion: 'no_stream',
      metadata: { ...input.metadata, userId: input.userId, originalUserId: input.originalUserId ?? null, sessionId },
      within: input.within ? (tx) => input.within!(tx) : undefined,
    },
  );
  return { token, sessionId, expiresAt };
}

/** The open sessions among `roots` and every 'login as' session opened from them, at any depth. */
async function withDescendants(tx: TransactionSql, roots: string[]): Promise<string[]> {
  if (!roots.length) return [];
  const rows = await tx<{ id: string }[]>`
    WITH RECURSIVE tree AS (
      SELECT id FROM auth_sessions WHERE id IN ${tx(roots)}
      UNION
      SELECT s.id FROM auth_sessions s JOIN tree t ON s.id_session_parent = t.id
    )
    SELECT a.id FROM auth_sessions a JOIN tree USING (id) WHERE a.date_deleted IS NULL ORDER BY a.id`;
  return rows.map((r) => r.id);
}

/** Appends `SessionClosed` to each session (and to the 'login as' sessions opened from them) in
 * the caller's transaction: their tokens stop working on the next request, and the live
 * projection's `session_closed:{id}` topics disconnect their sockets on every API process. */
async function closeIn(t: StoreTransaction, roots: string[], reason: CloseReason, metadata: Partial<EventMetadata>): Promise<string[]> {
  const ids = await withDescendants(t.tx, roots);
  if (!ids.length) return [];
  const rootSet = new Set(roots);
  await t.appendMany(
    ids.map((id) => ({
      streamId: streamOf(id),
      events: [{ type: 'SessionClosed', data: { id, reason: rootSet.has(id) ? reason : 'parent_closed' } }],
      options: { expectedVersion: 1, metadata },
    })),
  );
  return ids;
}

/** Closes a session: its token stops working on the next request, and its sockets are
 * disconnected; the 'login as' sessions opened from it end with it. Closing twice is a no-op. */
export async function closeSession(store: EventStore, sessionId: string, reason: CloseReason, metadata: Partial<EventMetadata>) {
  const closed = await store.transaction((t) => closeIn(t, [sessionId], reason, metadata));
  return closed.includes(sessionId);
}

/** Ends every open session of a user except `except` (the one making the change, if any), in the
 * caller's transaction: after a password change, a recovery, a password set by an administrator,
 * or when the user is disabled (closed sessions never open again, even if the user is enabled). */
export async function endUserSessions(
  t: StoreTransaction,
  userId: number,
  options: { except?: string | null; reason: CloseReason; metadata: Partial<EventMetadata>; now: Date },
): Promise<string[]> {
  const rows = await t.tx<{ id: string }[]>`
    SELECT id FROM auth_sessions
     WHERE id_user = ${userId} AND date_deleted IS NULL AND date_expiration > ${options.now}
       AND id IS DISTINCT FROM ${options.except ?? null}::uuid`;
  return closeIn(t, rows.map((r) => r.id), options.reason, options.metadata);
}
