import type { Sql } from 'postgres';

// Rules:
// - Failed sign-ins are kept in PostgreSQL so every API replica sees the same counts.
// - An account is blocked while it has ACCOUNT_LIMIT or more failures in the last
//   WINDOW_MINUTES; an address (IP) while it has ADDRESS_LIMIT or more, whatever the accounts.
// - The block lasts until enough failures leave the window for the count to drop below the
//   limit: with exactly the limit that is the oldest counted failure; with more, the
//   limit-th most recent one (waiting only for the oldest would still find it blocked).
// - Accounts compare case-insensitively (trimmed and lower-cased); addresses as given.
// - A successful sign-in clears the account's failures; the address's failures stay.

export const ACCOUNT_LIMIT = 5;
export const ADDRESS_LIMIT = 20;
export const WINDOW_MINUTES = 15;

const WINDOW_MS = WINDOW_MINUTES * 60_000;
const CLEARED_PREFIX = ' cleared:'; // leading space: normalizeAccount trims, so never a real account

export type ThrottleVerdict = { blocked: boolean; retryAfterSeconds: number; msg: string };

/** Whether a sign-in for `account` from `address` may be attempted at `now`. */
export async function checkThrottle(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<ThrottleVerdict> {
  const since = new Date(now.getTime() - WINDOW_MS);
  // The limit-th most recent failure inside the window exists exactly when the count reaches
  // the limit, and it is the one whose exit lifts the block.
  const [row] = await sql<{ account_pivot: Date | null; address_pivot: Date | null }[]>`
    SELECT
      (SELECT at FROM auth_login_failures WHERE account = ${normalizeAccount(account)} AND at > ${since}
        ORDER BY at DESC OFFSET ${ACCOUNT_LIMIT - 1} LIMIT 1) AS account_pivot,
      (SELECT at FROM auth_login_failures WHERE address = ${address} AND at > ${since}
        ORDER BY at DESC OFFSET ${ADDRESS_LIMIT - 1} LIMIT 1) AS address_pivot`;
  const pivots = [row.account_pivot, row.address_pivot].filter((at): at is Date => at !== null);
  if (pivots.length === 0) return { blocked: false, retryAfterSeconds: 0, msg: '' };
  const liftsAt = Math.max(...pivots.map((at) => at.getTime() + WINDOW_MS));
  const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return {
    blocked: true,
    retryAfterSeconds,
    msg: `Demasiados intentos fallidos. Intente nuevamente en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`,
  };
}

/** Records a failed sign-in (wrong password, unknown account, refused captcha). */
export async function recordLoginFailure(sql: Sql, account: string, address: string, now: Date = new Date()): Promise<void> {
  await sql`INSERT INTO auth_login_failures (account, address, at) VALUES (${normalizeAccount(account)}, ${address}, ${now})`;
  // Rows older than the window count for nothing: prune some now and then so the table stays small.
  if (Math.random() < 0.05) {
    await sql`DELETE FROM auth_login_failures WHERE at < ${new Date(now.getTime() - 2 * WINDOW_MINUTES * 60_000)}`;
  }
}

/**
 * Forgets the account's failures after a successful sign-in. The address's failures stay:
 * the rows are kept (they still count for their address) and their account is rewritten to
 * ' cleared:<account>', which no trimmed account can ever equal.
 */
export async function clearLoginFailures(sql: Sql, account: string): Promise<void> {
  await sql`UPDATE auth_login_failures SET account = ${CLEARED_PREFIX} || account WHERE account = ${normalizeAccount(account)}`;
}

function normalizeAccount(account: string): string {
  return account.trim().toLowerCase();
}
