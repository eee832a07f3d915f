import { describe, expect, it } from 'vitest';
import { checkPasswordStrength, hashPassword, verifyPassword } from './password';

describe('hashPassword / verifyPassword', () => {
  it('hashes with argon2id at OWASP minimum parameters and a fresh salt', async () => {
    const first = await hashPassword('Faena2024');
    const second = await hashPassword('Faena2024');
    expect(first.startsWith('$argon2id$')).toBe(true);
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('contraseña123');
    expect(await verifyPassword(stored, 'contraseña123')).toBe(true);
    expect(await verifyPassword(stored, 'contraseña124')).toBe(false);
    expect(await verifyPassword(stored, 'Contraseña123')).toBe(false);
    expect(await verifyPassword(stored, '')).toBe(false);
  });

  it('returns false for a malformed hash instead of throwing', async () => {
    const stored = await hashPassword('Faena2024');
    const malformed = ['', 'abc', '$argon2id$', '$argon2id$v=19$m=19456,t=2,p=1$garbage', stored.slice(0, -10), '$2b$10$abcdefghijklmnopqrstuvwxyz012345678901234567890123'];
    for (const hash of malformed) {
      await expect(verifyPassword(hash, 'Faena2024'), hash).resolves.toBe(false);
    }
  });
});

describe('checkPasswordStrength', () => {
  const TOO_SHORT = 'La contraseña debe tener al menos 8 caracteres';
  const TOO_LONG = 'La contraseña debe tener como máximo 128 caracteres';
  const MIX = 'La contraseña debe incluir letras y números';

  it('requires 8 to 128 characters', () => {
    expect(checkPasswordStrength('')).toBe(TOO_SHORT);
    expect(checkPasswordStrength('abc1234')).toBe(TOO_SHORT);
    expect(checkPasswordStrength('abcd1234')).toBeNull();
    expect(checkPasswordStrength('a1'.repeat(64))).toBeNull();
    expect(checkPasswordStrength('a1'.repeat(64) + 'b')).toBe(TOO_LONG);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPasswordStrength('ñandú12')).toBe(TOO_SHORT);
    expect(checkPasswordStrength('a1🙂🙂🙂🙂🙂')).toBe(TOO_SHORT); // 7 characters, 12 UTF-16 units
    expect(checkPasswordStrength('ñandú123')).toBeNull();
  });

  it('requires both letters and digits', () => {
    expect(checkPasswordStrength('abcdefgh')).toBe(MIX);
    expect(checkPasswordStrength('12345678')).toBe(MIX);
    expect(checkPasswordStrength('!!!!----')).toBe(MIX);
    expect(checkPasswordStrength('contraseña1')).toBeNull();
  });
});
