import type { Event } from '../types';

/** Why a session ended: the user signed out, an administrator revoked it, the password changed,
 * the user was disabled or removed, or the session it was opened from ('login as') ended. */
export type CloseReason = 'logout' | 'revoked' | 'password_changed' | 'user_disabled' | 'parent_closed';

/** The device fields a sign-in reports (each clipped to 120 characters when stored). */
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

export type SessionOpenedData = {
  id: string;
  /** SHA-256 of the bearer token, hex: the token itself is never stored. */
  token_hash: string;
  id_user: number;
  id_user_original: number | null;
  id_session_parent: string | null;
  platform: string;
  language: string;
  os: string;
  os_version: string;
  device_brand: string;
  device_model: string;
  app_version: string;
  uuid: string;
  ip: string;
  date_expiration: string;
};

/** A sign-in session: `session-{id without dashes}`. */
export type SessionEvent =
  | Event<'SessionOpened', SessionOpenedData>
  | Event<'SessionClosed', { id: string; reason: CloseReason }>;

export type SessionCommand =
  | {
      type: 'OpenSession';
      id: string;
      tokenHash: string;
      userId: number;
      originalUserId: number | null;
      parentSessionId: string | null;
      device: Device;
      ip: string;
      expiresAt: Date;
    }
  | { type: 'CloseSession'; id: string; reason: CloseReason };

export type SessionState =
  | { status: 'absent' }
  | { status: 'open' | 'closed'; id: string; userId: number; parentSessionId: string | null };
