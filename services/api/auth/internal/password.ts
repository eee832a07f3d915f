import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Rules:
// - Passwords are stored as argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane);
//   the parameters travel inside the PHC string, so old hashes still verify if they change.
// - A new password has 8 to 128 characters (counted as Unicode code points) and includes at
//   least one letter and one digit (any script, so 'ñandú' letters count).

// `Algorithm` is a const enum the package erases at runtime (its runtime object is empty), and
// isolatedModules forbids reading ambient const enums, so Argon2id's value (2) is spelled out.
const ARGON2ID = 2 as Algorithm;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

const MIN_LENGTH = 8;
const MAX_LENGTH = 128;

/** The argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) for a password. */
export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, HASH_OPTIONS);
}

/** Whether `plain` matches `hash`; false (never a throw) when the stored hash is malformed. */
export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  if (typeof hash !== 'string' || !hash.startsWith('$argon2') || typeof plain !== 'string') return false;
  try {
    return await verify(hash, plain);
  } catch {
    return false;
  }
}

/** Why a new password is not acceptable (Spanish, for the form), or null when it is. */
export function checkPasswordStrength(plain: string): string | null {
  const length = [...plain].length;
  if (length < MIN_LENGTH) return `La contraseña debe tener al menos ${MIN_LENGTH} caracteres`;
  if (length > MAX_LENGTH) return `La contraseña debe tener como máximo ${MAX_LENGTH} caracteres`;
  if (!/\p{L}/u.test(plain) || !/\p{Nd}/u.test(plain)) return 'La contraseña debe incluir letras y números';
  return null;
}
