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
  within?: (tx: TransactionSql) => Promise<void>;
};

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

/** Closes a session: its token stops working on the next request, and its sockets are
 * disconnected (the live projection publishes `session_closed:{id}`). Closing twice is a no-op. */
export async function closeSession(store: EventStore, sessionId: string, reason: 'logout' | 'revoked', metadata: Partial<EventMetadata>) {
  const stream = streamOf(sessionId);
  if ((await store.streamVersion(stream)) !== 1) return false;
  await store.append(stream, [{ type: 'SessionClosed', data: { id: sessionId, reason } }], { expectedVersion: 1, metadata });
  return true;
}
