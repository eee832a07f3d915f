import { randomBytes, randomUUID } from 'node:crypto';
import type { Row, TransactionSql } from 'postgres';
import { execute, type CommandContext } from '../../../events/execute';
import { sessionKey, sessions } from '../../../events/session/decider';
import type { CloseReason, Device } from '../../../events/session/types';
import type { EventStore } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { hashToken } from '../platform/principal';

export type { CloseReason, Device };

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
};

/** Opens a session: a random 256-bit bearer token, of which only the SHA-256 is stored (in the
 * event and the session table). The token itself is returned once, to the caller. */
/** What a new session answers (sign-in and 'login as', seed 000 §2): its token and who is signed
 * in, with the signature's URL. */
export function signedInAs(token: string, user: Row) {
  return {
    token,
    id: user.id as number,
    name: user.name as string,
    surname: user.surname as string,
    pic: user.pic_firma ? `/uploads/${user.pic_firma as string}` : null,
    ro_name: user.ro_name as string,
  };
}

export async function openSession(store: EventStore, input: OpenSessionInput): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const sessionId = randomUUID();
  const expiresAt = new Date(input.now.getTime() + input.hours * 3600_000);
  const originalUserId = input.originalUserId ?? null;
  await execute(store, (c) => {
    c.start(sessions, sessionKey(sessionId)).decide({
      type: 'OpenSession',
      id: sessionId,
      tokenHash: hashToken(token).toString('hex'),
      userId: input.userId,
      originalUserId,
      parentSessionId: input.parentSessionId ?? null,
      device: input.device,
      ip: input.ip,
      expiresAt,
    });
  }, { metadata: { ...input.metadata, userId: input.userId, originalUserId, sessionId } });
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

/** Closes each session (and the 'login as' sessions opened from them) in the command `c`: their
 * tokens stop working on the next request, and the live projection's `session_closed:{id}` topics
 * disconnect their sockets on every API process. */
async function closeIn(c: CommandContext, roots: string[], reason: CloseReason): Promise<string[]> {
  const ids = await withDescendants(c.tx, roots);
  if (!ids.length) return [];
  const rootSet = new Set(roots);
  const streams = await c.loadMany(sessions, ids.map(sessionKey));
  streams.forEach((s, i) => s.decide({ type: 'CloseSession', id: ids[i], reason: rootSet.has(ids[i]) ? reason : 'parent_closed' }));
  return ids;
}

/** Closes a session: its token stops working on the next request, and its sockets are
 * disconnected; the 'login as' sessions opened from it end with it. Closing twice is a no-op. */
export async function closeSession(store: EventStore, sessionId: string, reason: CloseReason, metadata: Partial<EventMetadata>) {
  const { value: closed } = await execute(store, (c) => closeIn(c, [sessionId], reason), { metadata });
  return closed.includes(sessionId);
}

/** Ends every open session of a user except `except` (the one making the change, if any), in the
 * command `c`: after a password change, a recovery, a password set by an administrator, or when
 * the user is disabled (closed sessions never open again, even if the user is enabled). */
export async function endUserSessions(
  c: CommandContext,
  userId: number,
  options: { except?: string | null; reason: CloseReason; now: Date },
): Promise<string[]> {
  const rows = await c.tx<{ id: string }[]>`
    SELECT id FROM auth_sessions
     WHERE id_user = ${userId} AND date_deleted IS NULL AND date_expiration > ${options.now}
       AND id IS DISTINCT FROM ${options.except ?? null}::uuid`;
  return closeIn(c, rows.map((r) => r.id), options.reason);
}
