import { describe, expect, it } from 'vitest';
import { MSG_NOT_FOUND } from '@shared/messages';
import { deciderSpec, refusalOf } from '../testing/decider-spec';
import { LOGIN_AS_MSG, MSG_SESSION_EXISTS, refuseLoginAs, sessionDecider, sessionKey, type LoginAsTarget } from './decider';
import type { SessionCommand, SessionEvent } from './types';

const ID = '0b7c8f1e-5d2a-4c1b-9e3f-2a6d8c4b1e70';
const open: SessionCommand = {
  type: 'OpenSession',
  id: ID,
  tokenHash: 'ab'.repeat(32),
  userId: 7,
  originalUserId: 2,
  parentSessionId: null,
  device: { platform: 'web', os: 'x'.repeat(200) },
  ip: '10.0.0.1',
  expiresAt: new Date('2026-03-01T12:00:00Z'),
};
const given = deciderSpec(sessionDecider);
const [opened] = given([]).when(open).events();
const closed: SessionEvent = { type: 'SessionClosed', data: { id: ID, reason: 'logout' } };

describe('session decider', () => {
  it('opens a session with the token hash, never the token, and device fields clipped to 120 characters', () => {
    expect(opened).toEqual({
      type: 'SessionOpened',
      data: {
        id: ID, token_hash: 'ab'.repeat(32), id_user: 7, id_user_original: 2, id_session_parent: null,
        platform: 'web', language: '', os: 'x'.repeat(120), os_version: '', device_brand: '', device_model: '', app_version: '', uuid: '',
        ip: '10.0.0.1', date_expiration: '2026-03-01T12:00:00.000Z',
      },
    });
  });

  it('a session id opens once', () => {
    given([opened]).when(open).thenRefused(MSG_SESSION_EXISTS, 409);
  });

  it('closes an open session with its reason', () => {
    given([opened]).when({ type: 'CloseSession', id: ID, reason: 'password_changed' })
      .then([{ type: 'SessionClosed', data: { id: ID, reason: 'password_changed' } }]);
    expect(given([opened]).state).toMatchObject({ status: 'open', userId: 7 });
  });

  it('closing a closed session is a no-op; closed sessions never reopen', () => {
    given([opened, closed]).when({ type: 'CloseSession', id: ID, reason: 'revoked' }).then([]);
    given([opened, closed]).when(open).thenRefused(MSG_SESSION_EXISTS, 409);
    expect(given([opened, closed]).state.status).toBe('closed');
  });

  it('an unknown session cannot be closed', () => {
    given([]).when({ type: 'CloseSession', id: ID, reason: 'logout' }).thenRefused(MSG_NOT_FOUND, 404);
  });

  it('a stream key is the session id without dashes', () => {
    expect(sessionKey(ID)).toBe('0b7c8f1e5d2a4c1b9e3f2a6d8c4b1e70');
  });
});

describe("'login as' (seed 000 §2)", () => {
  const target: LoginAsTarget = { id: 8, id_role: 3, system_user: 1, estado: 1, role_estado: 1 };
  const refusal = (t: LoginAsTarget, acting = 2) => refusalOf(() => refuseLoginAs(t, acting));

  it('an active user of an active profile with system access, other than oneself: accepted', () => {
    expect(refusal(target)).toBeNull();
  });

  it('never into root, a user without system access, a disabled user or profile, or oneself (422)', () => {
    expect(refusal({ ...target, id_role: 1 })).toEqual([LOGIN_AS_MSG.root, 422, {}]);
    expect(refusal({ ...target, system_user: 0 })).toEqual([LOGIN_AS_MSG.noAccess, 422, {}]);
    expect(refusal({ ...target, estado: 0 })).toEqual([LOGIN_AS_MSG.disabled, 422, {}]);
    expect(refusal({ ...target, role_estado: 0 })).toEqual([LOGIN_AS_MSG.disabled, 422, {}]);
    expect(refusal(target, 8)).toEqual([LOGIN_AS_MSG.self, 422, {}]);
  });
});
