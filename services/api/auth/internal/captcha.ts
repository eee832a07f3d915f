import { createHash } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Sql } from 'postgres';

/** What the ALTCHA widget needs to start solving (the library's v1 proof-of-work challenge). */
export type CaptchaChallenge = Required<Challenge>;

// Rules:
// - Self-hosted proof of work (ALTCHA v1, SHA-256): no third-party service is ever called.
// - Every challenge carries its expiry inside the signed salt (`?expires=<unix seconds>&`);
//   a challenge without one is refused, so the table of used signatures stays bounded.
// - A solved challenge is good for one sign-in only: its signature goes into
//   `auth_captcha_used` and a second use is refused, across every API replica.
// - The proof-of-work size (maxnumber) is signed into the salt as `cost`: a sign-in can require a
//   larger one than a challenge offers (an account under attack, see throttle.ts), and a client
//   cannot lower it.
// - Anything malformed the browser sends is refused (false), never thrown.

const ALGORITHM = 'SHA-256';
const DEFAULT_MAX_NUMBER = 50_000; // a phone solves it in well under a second
const DEFAULT_EXPIRES_IN_SECONDS = 10 * 60;
const MAX_PAYLOAD_LENGTH = 4096; // a genuine payload is about 400 characters
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const HEX = /^[0-9a-f]+$/;

/** Creates a signed challenge for the sign-in form. */
export async function createCaptchaChallenge(
  hmacKey: string,
  options: { maxNumber?: number; expiresInSeconds?: number } = {},
): Promise<CaptchaChallenge> {
  requireKey(hmacKey);
  const maxNumber = options.maxNumber ?? DEFAULT_MAX_NUMBER;
  const expiresInSeconds = options.expiresInSeconds ?? DEFAULT_EXPIRES_IN_SECONDS;
  if (!Number.isSafeInteger(maxNumber) || maxNumber < 1) throw new Error(`captcha: maxNumber inválido: ${maxNumber}`);
  if (!(expiresInSeconds > 0)) throw new Error(`captcha: expiresInSeconds inválido: ${expiresInSeconds}`);
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    hmacKey,
    maxNumber,
    expires: new Date(Date.now() + expiresInSeconds * 1000),
    params: { cost: String(maxNumber) },
  });
  return { ...challenge, maxnumber: challenge.maxnumber ?? maxNumber };
}

/**
 * True only when `payload` (the base64 JSON the widget submits as `token_captcha`) solves a
 * challenge signed with `hmacKey`, the challenge has not expired at `now`, its signed cost is at
 * least `minCost`, and its signature was not used before. A success consumes the challenge;
 * failures consume nothing.
 */
export async function verifyCaptcha(sql: Sql, hmacKey: string, payload: string, now: Date = new Date(), minCost = 0): Promise<boolean> {
  requireKey(hmacKey);
  const solution = parsePayload(payload);
  if (!solution) return false;
  const expiresAt = expiryOf(solution);
  if (!expiresAt || expiresAt.getTime() <= now.getTime()) return false;
  if (costOf(solution) < minCost) return false;
  let valid: boolean;
  try {
    // Expiry is checked above against `now`; the library would use the wall clock.
    valid = await verifySolution(solution, hmacKey, false);
  } catch {
    return false;
  }
  if (!valid) return false;
  // Opportunistic cleanup: an expired signature can never verify again, so its row is useless.
  await sql`DELETE FROM auth_captcha_used WHERE expires_at <= ${now}`;
  const inserted = await sql`
    INSERT INTO auth_captcha_used (signature, expires_at) VALUES (${solution.signature}, ${expiresAt})
    ON CONFLICT (signature) DO NOTHING
    RETURNING 1`;
  return inserted.length === 1;
}

/** Solves a challenge and returns the payload exactly as the widget submits it (tests, dev tools).
 * Hashes synchronously in slices of 20,000 (a million a second or so), yielding between slices. */
export async function solveCaptcha(challenge: CaptchaChallenge): Promise<string> {
  if (challenge.algorithm !== ALGORITHM) throw new Error(`captcha: algoritmo no admitido: ${challenge.algorithm}`);
  const started = Date.now();
  let found = -1;
  for (let from = 0; from <= challenge.maxnumber && found < 0; from += 20_000) {
    const to = Math.min(challenge.maxnumber, from + 19_999);
    for (let n = from; n <= to; n++) {
      if (createHash('sha256').update(`${challenge.salt}${n}`).digest('hex') === challenge.challenge) {
        found = n;
        break;
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (found < 0) throw new Error('captcha: el desafío no tiene solución');
  // Same fields and order as the ALTCHA widget's payload.
  const submitted = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: found,
    salt: challenge.salt,
    signature: challenge.signature,
    took: Date.now() - started,
  };
  return Buffer.from(JSON.stringify(submitted), 'utf8').toString('base64');
}

function requireKey(hmacKey: string): void {
  if (typeof hmacKey !== 'string' || hmacKey.length === 0) throw new Error('captcha: falta la clave HMAC');
}

/** The submitted payload when it has the widget's shape; null for anything else. */
function parsePayload(payload: unknown): Payload | null {
  if (typeof payload !== 'string' || payload.length === 0 || payload.length > MAX_PAYLOAD_LENGTH) return null;
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { algorithm, challenge, number, salt, signature } = value as Record<string, unknown>;
  if (algorithm !== ALGORITHM) return null;
  if (typeof challenge !== 'string' || !HEX.test(challenge)) return null;
  if (typeof signature !== 'string' || !HEX.test(signature)) return null;
  if (typeof salt !== 'string' || salt.length === 0) return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null;
  return { algorithm, challenge, number, salt, signature };
}

/** The expiry signed into the salt, or null when there is none or it is not a plain number. */
function expiryOf(solution: Payload): Date | null {
  const expires = extractParams(solution).expires;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return null;
  return new Date(Number(expires) * 1000);
}

/** The proof-of-work size signed into the salt (0 for a challenge without one). */
function costOf(solution: Payload): number {
  const cost = extractParams(solution).cost;
  return typeof cost === 'string' && /^\d{1,12}$/.test(cost) ? Number(cost) : 0;
}
