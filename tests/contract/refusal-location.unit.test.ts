import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Business refusals live in the deciders (`events/`). A business refusal, as counted here, is
 * thrown in source (tests excluded) as:
 * - `new ApiError(409, …)`: a conflict with the record's state;
 * - `new ApiError(422, …)`: a 422 thrown by hand, with a business message or field errors (the
 *   422 of an input that does not match its valibot schema is thrown by `services/api/platform/`,
 *   which is not scanned);
 * - `new CommandRejected(…)` whose status is not 401, 403 or 404 (CommandRejected is 422 unless
 *   told otherwise).
 * Authorization (401, 403) and not-found (404) are not business refusals, nor is the shared
 * platform code (`services/api/platform/`), which maps and validates for every route, nor
 * `SicamUnavailable` (events/errors.ts): SICAM's state, not a rule of the product.
 *
 * Authentication refusals are not business refusals either: a sign-in or credential check that
 * fails keeps the status the seed gives it (422), but it says who the caller is not (401/403
 * semantics), and no record's rule decides it. They are the throws in `services/api/auth/` whose
 * arguments name one of `AUTHENTICATION_REFUSALS` below, each with its reason.
 *
 * No file outside `events/` and the platform throws one: an input's shape is refused by the
 * route's valibot schema (its rules: platform/fields.ts withRules), a rule of a record by its
 * decider, with the read models' facts as the command's input.
 */

/** The authentication refusals (the message constants of `services/api/auth/`) and why each is one. */
const AUTHENTICATION_REFUSALS: Readonly<Record<string, string>> = {
  CAPTCHA_FAILED: "the sign-in's proof of work (captcha) failed: the caller is not yet let in",
  RECOVERY_INVALID: 'a recovery link is a one-time credential: unknown, used or expired, it proves nothing',
  CURRENT_PASSWORD_WRONG: 'changing one’s password proves the current one again: a wrong one is a failed sign-in',
};
const AUTHENTICATION_DIR = 'services/api/auth/';

const root = join(import.meta.dirname, '..', '..');
const SCANNED = ['services', 'projections', 'shared', 'scripts'];
const EXEMPT = ['services/api/platform/'];

function sourceFiles(dir: string): string[] {
  const abs = join(root, dir);
  let names: string[];
  try {
    names = readdirSync(abs);
  } catch {
    return [];
  }
  return names.flatMap((name) => {
    // Test support (`testing/` folders) is not source.
    if (name.startsWith('.') || name === 'node_modules' || name === 'testing') return [];
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The arguments' text of the call whose `(` is at `open` (up to its matching `)`). */
function callText(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    if (source[i] === '(') depth++;
    else if (source[i] === ')' && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** The top-level arguments of a call's text. */
function args(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if (ch === ',' && depth === 0) {
      out.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(text.slice(start).trim());
  return out.filter(Boolean);
}

/** Whether a call's arguments name an authentication refusal. */
function namesAuthentication(text: string): boolean {
  return Object.keys(AUTHENTICATION_REFUSALS).some((name) => new RegExp(`\\b${name}\\b`).test(text));
}

/** How many business refusals a source text throws (the definition above); `authentication`: the
 * text is of `services/api/auth/`, whose authentication refusals are not counted. */
function refusals(source: string, authentication = false): number {
  let count = 0;
  for (const m of source.matchAll(/new ApiError\(\s*(409|422)\b/g)) {
    if (!authentication || !namesAuthentication(callText(source, m.index + 'new ApiError'.length))) count++;
  }
  for (const m of source.matchAll(/new CommandRejected\(/g)) {
    const a = args(callText(source, m.index + m[0].length - 1));
    const status = a.length >= 3 ? a[2] : '422';
    if (!['401', '403', '404'].includes(status)) count++;
  }
  return count;
}

describe('business refusals are thrown by the deciders', () => {
  const counts = new Map<string, number>();
  for (const dir of SCANNED) {
    for (const file of sourceFiles(dir)) {
      const rel = relative(root, join(root, file)).split('\\').join('/');
      if (EXEMPT.some((p) => rel.startsWith(p))) continue;
      const n = refusals(readFileSync(join(root, rel), 'utf8'), rel.startsWith(AUTHENTICATION_DIR));
      if (n) counts.set(rel, n);
    }
  }

  it('counts what it means to count', () => {
    expect(refusals(`throw new ApiError(409, 'x'); throw new ApiError(422, MSG, { a: 'b' });`)).toBe(2);
    expect(refusals(`throw new ApiError(404, 'x'); throw new ApiError(403, 'x'); throw new ApiError(400, 'x');`)).toBe(0);
    expect(refusals(`throw new CommandRejected(MSG, { a: f(1, 2) }, 409); throw new CommandRejected(MSG);`)).toBe(2);
    expect(refusals(`throw new CommandRejected(MSG_NOT_FOUND, {}, 404); if (e instanceof CommandRejected) x();`)).toBe(0);
    const signIn = `throw new ApiError(422, CAPTCHA_FAILED, { token_captcha: CAPTCHA_FAILED }); throw new ApiError(422, X, { a: CURRENT_PASSWORD_WRONG }); throw new ApiError(422, CAPTCHA_FAILED_TOO);`;
    expect(refusals(signIn, true)).toBe(1);
    expect(refusals(signIn)).toBe(3);
  });

  it('no file outside events/ and the platform throws one', () => {
    expect([...counts].map(([file, n]) => `${file}: ${n}`)).toEqual([]);
  });
});
