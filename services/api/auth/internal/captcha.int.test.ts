import { createChallenge } from 'altcha-lib/v1';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../../../tests/harness/db';
import { createCaptchaChallenge, solveCaptcha, verifyCaptcha, type CaptchaChallenge } from './captcha';

const db = useTestDatabase();
const KEY = 'clave-de-prueba-captcha';
const OTHER_KEY = 'otra-clave-de-prueba';
// Small challenges keep the suite fast; the default size has its own test.
const SMALL = { maxNumber: 2_000 };

const encode = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
const expiresOf = (challenge: CaptchaChallenge) => Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
const plusSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);

async function usedRows(signature: string) {
  return db.sql`SELECT signature, expires_at FROM auth_captcha_used WHERE signature = ${signature}`;
}

describe('createCaptchaChallenge', () => {
  it('defaults to 50,000 and a 10-minute expiry signed into the salt; the default size solves quickly', async () => {
    const before = Math.floor(Date.now() / 1000);
    const challenge = await createCaptchaChallenge(KEY);
    expect(Object.keys(challenge).sort()).toEqual(['algorithm', 'challenge', 'maxnumber', 'salt', 'signature']);
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.maxnumber).toBe(50_000);
    expect(expiresOf(challenge)).toBeGreaterThanOrEqual(before + 600);
    expect(expiresOf(challenge)).toBeLessThanOrEqual(before + 601);
    const started = Date.now();
    const payload = await solveCaptcha(challenge);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(true);
  });

  it('honours maxNumber and expiresInSeconds', async () => {
    const before = Math.floor(Date.now() / 1000);
    const challenge = await createCaptchaChallenge(KEY, { maxNumber: 123, expiresInSeconds: 30 });
    expect(challenge.maxnumber).toBe(123);
    expect(expiresOf(challenge) - before).toBeGreaterThanOrEqual(30);
    expect(expiresOf(challenge) - before).toBeLessThanOrEqual(31);
  });
});

describe('verifyCaptcha', () => {
  it('accepts a solved challenge once and refuses the replay', async () => {
    const challenge = await createCaptchaChallenge(KEY, SMALL);
    const payload = await solveCaptcha(challenge);
    expect(decode(payload)).toMatchObject({ algorithm: 'SHA-256', challenge: challenge.challenge, salt: challenge.salt, signature: challenge.signature });
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(true);
    const rows = await usedRows(challenge.signature);
    expect(rows.length).toBe(1);
    expect((rows[0].expires_at as Date).getTime()).toBe(expiresOf(challenge) * 1000);
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(false);
  });

  it('lets only one of two simultaneous submissions of the same solution through', async () => {
    const payload = await solveCaptcha(await createCaptchaChallenge(KEY, SMALL));
    const results = await Promise.all([1, 2, 3, 4].map(() => verifyCaptcha(db.sql, KEY, payload)));
    expect(results.filter(Boolean).length).toBe(1);
  });

  it('refuses a wrong number without consuming the challenge', async () => {
    const challenge = await createCaptchaChallenge(KEY, SMALL);
    const payload = await solveCaptcha(challenge);
    const solved = decode(payload);
    const wrong = encode({ ...solved, number: (solved.number as number) + 1 });
    expect(await verifyCaptcha(db.sql, KEY, wrong)).toBe(false);
    expect((await usedRows(challenge.signature)).length).toBe(0);
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(true);
  });

  it('refuses a tampered signature, a tampered salt and a challenge signed with another key', async () => {
    const solved = decode(await solveCaptcha(await createCaptchaChallenge(KEY, SMALL)));
    const signature = solved.signature as string;
    const flipped = (signature[0] === '0' ? '1' : '0') + signature.slice(1);
    expect(await verifyCaptcha(db.sql, KEY, encode({ ...solved, signature: flipped }))).toBe(false);
    // Pushing the expiry further out breaks the challenge hash.
    const salt = (solved.salt as string).replace(/expires=\d+/, 'expires=9999999999');
    expect(await verifyCaptcha(db.sql, KEY, encode({ ...solved, salt }))).toBe(false);

    const foreign = await solveCaptcha(await createCaptchaChallenge(OTHER_KEY, SMALL));
    expect(await verifyCaptcha(db.sql, KEY, foreign)).toBe(false);
    expect(await verifyCaptcha(db.sql, OTHER_KEY, foreign)).toBe(true);
  });

  it('refuses an expired challenge and accepts it before the expiry', async () => {
    const payload = await solveCaptcha(await createCaptchaChallenge(KEY, SMALL));
    expect(await verifyCaptcha(db.sql, KEY, payload, plusSeconds(601))).toBe(false);
    expect(await verifyCaptcha(db.sql, KEY, payload, plusSeconds(540))).toBe(true);

    const short = await solveCaptcha(await createCaptchaChallenge(KEY, { ...SMALL, expiresInSeconds: 1 }));
    expect(await verifyCaptcha(db.sql, KEY, short, plusSeconds(2))).toBe(false);
  });

  it('refuses a payload whose salt carries no expiry', async () => {
    // Validly signed and solved, but made without an expiry: it would be good forever.
    const eternal = await createChallenge({ hmacKey: KEY, number: 7, maxNumber: 10 });
    expect(eternal.salt).not.toContain('expires');
    const payload = encode({ algorithm: eternal.algorithm, challenge: eternal.challenge, number: 7, salt: eternal.salt, signature: eternal.signature, took: 1 });
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(false);
  });

  it('deletes expired signatures while verifying', async () => {
    await db.sql`INSERT INTO auth_captcha_used (signature, expires_at) VALUES ('old-signature', now() - interval '1 minute')`;
    const payload = await solveCaptcha(await createCaptchaChallenge(KEY, SMALL));
    expect(await verifyCaptcha(db.sql, KEY, payload)).toBe(true);
    expect((await usedRows('old-signature')).length).toBe(0);
  });

  it('refuses garbage without throwing', async () => {
    const solved = decode(await solveCaptcha(await createCaptchaChallenge(KEY, SMALL)));
    const { number: _n, ...withoutNumber } = solved;
    const garbage: unknown[] = [
      '',
      'abc',
      '!!!!',
      encode([]),
      encode(null),
      encode(42),
      encode('texto'),
      encode({}),
      Buffer.from('{"algorithm":', 'utf8').toString('base64'),
      encode(withoutNumber),
      encode({ ...solved, number: String(solved.number) }),
      encode({ ...solved, number: -1 }),
      encode({ ...solved, algorithm: 'MD5' }),
      encode({ ...solved, algorithm: 'SHA-1' }),
      encode({ ...solved, challenge: 42 }),
      'A'.repeat(10_240),
      // A genuine solution padded past 4 KB is refused for its size alone.
      encode({ ...solved, padding: 'x'.repeat(10_000) }),
      undefined,
      null,
      { ...solved },
    ];
    for (const payload of garbage) {
      await expect(verifyCaptcha(db.sql, KEY, payload as string), String(payload).slice(0, 40)).resolves.toBe(false);
    }
    // The genuine payload was never consumed by the garbage.
    expect(await verifyCaptcha(db.sql, KEY, encode(solved))).toBe(true);
  });
});
