import { useSyncExternalStore } from 'react';

/** Stored session accounts (seed 000 §3): several signed-in accounts per browser, one current. */
export type StoredAccount = { id: number; name: string; surname: string; token: string };

const KEY = 'faena.accounts';
const CURRENT = 'faena.current';
const listeners = new Set<() => void>();

function read(): StoredAccount[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

// Read once on load; outside a browser (unit tests of modules that import the client) there is none.
let cache = { accounts: read(), current: Number(globalThis.localStorage?.getItem(CURRENT) ?? 0) || null };

function write(accounts: StoredAccount[], current: number | null) {
  localStorage.setItem(KEY, JSON.stringify(accounts));
  if (current === null) localStorage.removeItem(CURRENT);
  else localStorage.setItem(CURRENT, String(current));
  cache = { accounts, current };
  for (const l of listeners) l();
}

export const accounts = {
  list: () => cache.accounts,
  current: (): StoredAccount | null => cache.accounts.find((a) => a.id === cache.current) ?? null,
  token: () => accounts.current()?.token ?? null,
  /** Adds (or refreshes) an account and makes it current. */
  add(account: StoredAccount) {
    write([...cache.accounts.filter((a) => a.id !== account.id), account], account.id);
  },
  switchTo(id: number) {
    if (cache.accounts.some((a) => a.id === id)) write(cache.accounts, id);
  },
  /** Removes an account (logout, expired session); another stored one becomes current. */
  remove(id: number) {
    const rest = cache.accounts.filter((a) => a.id !== id);
    write(rest, cache.current === id ? (rest[0]?.id ?? null) : cache.current);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

globalThis.window?.addEventListener('storage', (e) => {
  if (e.key === KEY || e.key === CURRENT) {
    cache = { accounts: read(), current: Number(localStorage.getItem(CURRENT) ?? 0) || null };
    for (const l of listeners) l();
  }
});

export function useAccounts() {
  return useSyncExternalStore(accounts.subscribe, () => cache);
}
