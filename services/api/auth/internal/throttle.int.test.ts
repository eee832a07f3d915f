import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../tests/harness/db';
import {
  ADDRESS_LIMIT,
  CAPTCHA_BASE_COST,
  PAIR_LIMIT,
  RECOVERY_ACCOUNT_LIMIT,
  RECOVERY_ADDRESS_LIMIT,
  WINDOW_MINUTES,
  captchaCost,
  checkRecoveryThrottle,
  checkThrottle,
  clearLoginFailures,
  recordLoginFailure,
  recordRecoveryRequest,
} from './throttle';

const db = useTestDatabase();
const T0 = new Date('2030-03-04T12:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const OPEN = { blocked: false, retryAfterSeconds: 0, msg: '' };
const message = (minutes: string) => `Demasiados intentos fallidos. Intente nuevamente en ${minutes}.`;

// Every test uses its own accounts and addresses: the database is shared by the file.
async function fail(account: string, address: string, times: number, startSecond = 0, stepSeconds = 60) {
  for (let i = 0; i < times; i++) await recordLoginFailure(db.sql, account, address, at(startSecond + i * stepSeconds));
}

describe('sign-in throttling', () => {
  it('has the agreed limits', () => {
    expect([PAIR_LIMIT, ADDRESS_LIMIT, WINDOW_MINUTES, RECOVERY_ACCOUNT_LIMIT, RECOVERY_ADDRESS_LIMIT, CAPTCHA_BASE_COST]).toEqual([5, 20, 15, 5, 20, 50_000]);
  });

  it('lets 4 failures through and blocks the account from that address at the 5th with the exact message', async () => {
    await fail('ana@faena.test', '10.0.0.1', 4); // at 0, 60, 120, 180 s
    expect(await checkThrottle(db.sql, 'ana@faena.test', '10.0.0.1', at(240))).toEqual(OPEN);
    await fail('ana@faena.test', '10.0.0.1', 1, 240);
    // The oldest counted failure (0 s) leaves the window at 900 s: 600 s from 300 s.
    expect(await checkThrottle(db.sql, 'ana@faena.test', '10.0.0.1', at(300))).toEqual({
      blocked: true,
      retryAfterSeconds: 600,
      msg: message('10 minutos'),
    });
    // Only from that address: nobody can lock an account for its owner elsewhere.
    expect(await checkThrottle(db.sql, 'ana@faena.test', '10.9.9.9', at(300))).toEqual(OPEN);
  });

  it('rounds minutes up and uses the singular for one minute', async () => {
    await fail('beto@faena.test', '10.0.0.2', 5, 0, 0); // five at 0 s
    expect(await checkThrottle(db.sql, 'beto@faena.test', '10.0.0.2', at(899.5))).toEqual({
      blocked: true,
      retryAfterSeconds: 1,
      msg: message('1 minuto'),
    });
    const verdict = await checkThrottle(db.sql, 'beto@faena.test', '10.0.0.2', at(1));
    expect(verdict.retryAfterSeconds).toBe(899);
    expect(verdict.msg).toBe(message('15 minutos'));
  });

  it('unblocks once the window has passed', async () => {
    await fail('carla@faena.test', '10.0.0.3', 5); // at 0 … 240 s
    expect((await checkThrottle(db.sql, 'carla@faena.test', '10.0.0.3', at(899))).blocked).toBe(true);
    expect(await checkThrottle(db.sql, 'carla@faena.test', '10.0.0.3', at(900))).toEqual(OPEN);
    expect(await checkThrottle(db.sql, 'carla@faena.test', '10.0.0.3', at(3600))).toEqual(OPEN);
  });

  it('with more failures than the limit, waits until the count drops below it', async () => {
    await fail('dario@faena.test', '10.0.0.4', 7); // at 0 … 360 s
    // Lifted when the 3rd oldest (120 s) leaves, at 1020 s; the oldest leaving (900 s) is not enough.
    expect((await checkThrottle(db.sql, 'dario@faena.test', '10.0.0.4', at(420))).retryAfterSeconds).toBe(600);
    expect((await checkThrottle(db.sql, 'dario@faena.test', '10.0.0.4', at(960))).blocked).toBe(true);
    expect((await checkThrottle(db.sql, 'dario@faena.test', '10.0.0.4', at(1020))).blocked).toBe(false);
  });

  it('blocks an address only at 20 failures, whatever the accounts', async () => {
    const address = '192.0.2.50';
    for (let i = 0; i < 19; i++) await recordLoginFailure(db.sql, `user${i % 4}@faena.test`, address, at(i * 10));
    // 19 from the address: user0..user2 reached the pair limit (5 each), user3 has 4.
    expect(await checkThrottle(db.sql, 'nuevo@faena.test', address, at(200))).toEqual(OPEN);
    expect((await checkThrottle(db.sql, 'user3@faena.test', address, at(200))).blocked).toBe(false);
    await recordLoginFailure(db.sql, 'otro@faena.test', address, at(190));
    // The oldest of the 20 (0 s) leaves at 900 s.
    expect(await checkThrottle(db.sql, 'nuevo@faena.test', address, at(200))).toEqual({
      blocked: true,
      retryAfterSeconds: 700,
      msg: message('12 minutos'),
    });
    // The same account from another address is fine; the address unblocks after the window.
    expect(await checkThrottle(db.sql, 'nuevo@faena.test', '192.0.2.51', at(200))).toEqual(OPEN);
    expect(await checkThrottle(db.sql, 'nuevo@faena.test', address, at(900))).toEqual(OPEN);
  });

  it('another account from the same address is not blocked by one account’s failures', async () => {
    await fail('eva@faena.test', '10.0.0.5', 5);
    expect((await checkThrottle(db.sql, 'eva@faena.test', '10.0.0.5', at(300))).blocked).toBe(true);
    expect(await checkThrottle(db.sql, 'fede@faena.test', '10.0.0.5', at(300))).toEqual(OPEN);
  });

  it('clearing forgets the account’s failures but keeps them for the address', async () => {
    const address = '192.0.2.60';
    await fail('gabi@faena.test', address, 5, 0, 1);
    await fail('hugo@faena.test', address, 15, 10, 1); // the address is at 20
    await fail('gabi@faena.test', '10.1.1.1', 5, 30, 1);
    expect((await checkThrottle(db.sql, 'gabi@faena.test', '10.1.1.1', at(60))).blocked).toBe(true);
    await clearLoginFailures(db.sql, 'gabi@faena.test');
    expect(await checkThrottle(db.sql, 'gabi@faena.test', '10.1.1.1', at(60))).toEqual(OPEN);
    expect((await checkThrottle(db.sql, 'gabi@faena.test', address, at(60))).blocked).toBe(true);
    const [{ n }] = await db.sql`SELECT count(*)::int AS n FROM auth_login_failures WHERE address = ${address}`;
    expect(n).toBe(20);
    // New failures after the clear count from zero.
    await fail('gabi@faena.test', '10.1.1.1', 4, 100);
    expect((await checkThrottle(db.sql, 'gabi@faena.test', '10.1.1.1', at(400))).blocked).toBe(false);
  });

  it('compares accounts case-insensitively', async () => {
    await fail('Irene@Faena.TEST', '10.0.0.7', 3);
    await fail('irene@faena.test', '10.0.0.7', 2, 180);
    expect((await checkThrottle(db.sql, 'IRENE@faena.test', '10.0.0.7', at(300))).blocked).toBe(true);
    await clearLoginFailures(db.sql, 'iReNe@FAENA.test');
    expect(await checkThrottle(db.sql, 'irene@faena.test', '10.0.0.7', at(300))).toEqual(OPEN);
  });

  it('raises the captcha cost with the account’s recent failures from any address, up to 32 times', async () => {
    const cost = (now: number) => captchaCost(db.sql, 'jose@faena.test', at(now));
    expect(await cost(0)).toBe(50_000);
    await fail('jose@faena.test', '10.2.0.1', 2, 0, 1); // two free failures
    expect(await cost(10)).toBe(50_000);
    await fail('jose@faena.test', '10.2.0.2', 1, 10);
    expect(await cost(20)).toBe(100_000);
    await fail('jose@faena.test', '10.2.0.3', 1, 20);
    expect(await cost(30)).toBe(200_000);
    for (let i = 0; i < 20; i++) await recordLoginFailure(db.sql, 'jose@faena.test', `10.3.0.${i}`, at(30 + i));
    expect(await cost(60)).toBe(1_600_000);
    // Other accounts are not affected; the cost falls back as the failures leave the window.
    expect(await captchaCost(db.sql, 'otra@faena.test', at(60))).toBe(50_000);
    expect(await cost(10 + WINDOW_MINUTES * 60)).toBe(1_600_000);
    expect(await cost(51 + WINDOW_MINUTES * 60)).toBe(50_000);
    // A successful sign-in clears it at once.
    await fail('jose@faena.test', '10.2.0.9', 6, 2000, 1);
    expect(await cost(2010)).toBe(800_000);
    await clearLoginFailures(db.sql, 'jose@faena.test');
    expect(await cost(2010)).toBe(50_000);
  });

  it('counts recovery requests apart: they never block a sign-in or raise its cost', async () => {
    const address = '192.0.2.70';
    for (let i = 0; i < 25; i++) await recordRecoveryRequest(db.sql, 'karla@faena.test', address, at(i));
    expect(await checkThrottle(db.sql, 'karla@faena.test', address, at(30))).toEqual(OPEN);
    expect(await captchaCost(db.sql, 'karla@faena.test', at(30))).toBe(50_000);
    // Their own limits: 5 per e-mail from anywhere, 20 per address.
    expect((await checkRecoveryThrottle(db.sql, 'karla@faena.test', '192.0.2.71', at(30))).blocked).toBe(true);
    expect((await checkRecoveryThrottle(db.sql, 'otro@faena.test', address, at(30))).blocked).toBe(true);
    expect(await checkRecoveryThrottle(db.sql, 'otro@faena.test', '192.0.2.72', at(30))).toEqual(OPEN);
    for (let i = 0; i < 4; i++) await recordRecoveryRequest(db.sql, 'luis@faena.test', `192.0.2.8${i}`, at(i));
    expect(await checkRecoveryThrottle(db.sql, 'luis@faena.test', '192.0.2.90', at(10))).toEqual(OPEN);
    await recordRecoveryRequest(db.sql, 'luis@faena.test', '192.0.2.85', at(5));
    expect((await checkRecoveryThrottle(db.sql, 'luis@faena.test', '192.0.2.90', at(10))).blocked).toBe(true);
  });
});
