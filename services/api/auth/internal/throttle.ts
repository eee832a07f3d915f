import type { Sql } from 'postgres';

// Rules (docs/DECISIONS.md, "Throttling"):
// - Counts live in PostgreSQL so every API replica sees the same ones.
// - Sign-in: an account is refused from one address while that account and address have
//   PAIR_LIMIT or more failures in the last WINDOW_MINUTES, and an address while it has
//   ADDRESS_LIMIT or more, whatever the accounts. Nothing locks an account for everyone: failures
//   from elsewhere raise the account's captcha cost instead (captchaCost), so whoever keeps
//   guessing pays for each guess and the owner signs in after one slower captcha.
// - Recovery requests are counted apart (their own table and limits) and never as sign-in failures.
// - A refusal lasts until enough entries leave the window for the count to drop below the limit:
//   with exactly the limit that is the oldest counted one; with more, the limit-th most recent.
// - Accounts compare case-insensitively (trimmed and lower-cased); addresses as given.
// - A successful sign-in clears the account's failures; the address's failures stay.

export const WINDOW_MINUTES = 15;
export const PAIR_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
export const RECOVERY_ACCOUNT_LIMIT = 5;
export const RECOVERY_ADDRESS_LIMIT = 20;
/** The captcha's proof-of-work size (ALTCHA maxnumber): the base, the failures it ignores, and
 * how many times it doubles at most (50,000 → 1,600,000). */
export const CAPTCHA_BASE_COST = 50_000;
export const CAPTCHA_FREE_FAILURES = 2;
export const CAPTCHA_MAX_DOUBLINGS = 5;

const WINDOW_MS = WINDOW_MINUTES * 60_000;
const CLEARED_PREFIX = ' cleared:'; // leading space: normalizeAccount trims, so never a real account

export type ThrottleVerdict = { blocked: boolean; retryAfterSeconds: number; msg: string };

type Counter = { table: 'auth_login_failures' | 'auth_recovery_requests'; accountLimit: number; pairLimit: number | null; addressLimit: number };
const SIGN_IN: Counter = { table: 'auth_login_failures', accountLimit: 0, pairLimit: PAIR_LIMIT, addressLimit: ADDRESS_LIMIT };
const RECOVERY: Counter = { table: 'auth_recovery_requests', accountLimit: RECOVERY_ACCOUNT_LIMIT, pairLimit: null, addressLimit: RECOVERY_ADDRESS_LIMIT };

const OPEN: ThrottleVerdict = { blocked: false, retryAfterSeconds: 0, msg: '' };

async function verdict(sql: Sql, counter: Counter, account: string, address: string, now: Date): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - WINDOW_MS);
  const table = sql(counter.table);
  const acc = normalizeAccount(account);
  // The limit-th most recent entry inside the window exists exactly when the count reaches the
  // limit, and it is the one whose exit lifts the refusal.
  const pivot = (where: ReturnType<Sql>, limit: number) =>
    limit > 0 ? sql`(SELECT at FROM ${table} WHERE ${where} AND at > ${since} ORDER BY at DESC OFFSET ${limit - 1} LIMIT 1)` : sql`NULL::timestamptz`;
  const [row] = await sql<{ account_pivot: Date | null; pair_pivot: Date | null; address_pivot: Date | null }[]>`
    SELECT ${pivot(sql`account = ${acc}`, counter.accountLimit)} AS account_pivot,
           ${pivot(sql`account = ${acc} AND address = ${address}`, counter.pairLimit ?? 0)} AS pair_pivot,
           ${pivot(sql`address = ${address}`, counter.addressLimit)} AS address_pivot`;
  const pivots = [row.account_pivot, row.pair_pivot, row.address_pivot].filter((at): at is Date => at !== null);
  if (pivots.length === 0) return OPEN;
  const liftsAt = Math.max(...pivots.map((at) => at.getTime() + WINDOW_MS));
  const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    blocked: true,
    retryAfterSeconds,
    msg: `Demasiados intentos fallidos. Intente nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  };
}

async function record(sql: Sql, counter: Counter, account: string, address: string, now: Date): Promise<void> {
  const table = sql(counter.table);
  await sql`INSERT INTO ${table} (account, address, at) VALUES (${normalizeAccount(account)}, ${address}, ${now})`;
  // Rows older than the window count for nothing: prune some now and then so the table stays small.
  if (Math.random() < 0.05) await sql`DELETE FROM ${table} WHERE at < ${new Date(now.getTime() - 2 * WINDOW_MS)}`;
}

/** Whether a sign-in for `account` from `address` may be attempted at `now`. */
export function checkThrottle(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<ThrottleVerdict> {
  return verdict(sql, SIGN_IN, account, address, now);
}

/** Records a failed sign-in (wrong password, unknown account). */
export function recordLoginFailure(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<void> {
  return record(sql, SIGN_IN, account, address, now);
}

/** The captcha's maxnumber for a sign-in to `account` at `now`: the base while the account has at
 * most CAPTCHA_FREE_FAILURES recent failures (from any address), doubling with each one more. */
export async function captchaCost(sql: Sql, account: string, now: Date = new Date()): Promise<number> {
  const acc = normalizeAccount(account);
  if (!acc) return CAPTCHA_BASE_COST;
  const [{ n }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM auth_login_failures WHERE account = ${acc} AND at > ${new Date(now.getTime() - WINDOW_MS)}`;
  const doublings = Math.min(CAPTCHA_MAX_DOUBLINGS, Math.max(0, n - CAPTCHA_FREE_FAILURES));
  return CAPTCHA_BASE_COST * 2 ** doublings;
}

/**
 * Forgets the account's failures after a successful sign-in. The address's failures stay:
 * the rows are kept (they still count for their address) and their account is rewritten to
 * ' cleared:<account>', which no trimmed account can ever equal.
 */
export async function clearLoginFailures(sql: Sql, account: string): Promise<void> {
  await sql`UPDATE auth_login_failures SET account = ${CLEARED_PREFIX} || account WHERE account = ${normalizeAccount(account)}`;
}

/** Whether a recovery mail for `account` may be asked from `address` at `now`. */
export function checkRecoveryThrottle(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<ThrottleVerdict> {
  return verdict(sql, RECOVERY, account, address, now);
}

/** Records a recovery request (whether or not the e-mail belongs to anyone). */
export function recordRecoveryRequest(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<void> {
  return record(sql, RECOVERY, account, address, now);
}

function normalizeAccount(account: string): string {
  return account.trim().toLowerCase();
}
