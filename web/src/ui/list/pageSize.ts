/** Page sizes offered by the pager. */
export const PAGE_SIZES: readonly number[] = [5, 10, 15, 20, 25, 50, 100];

/** Size used when nothing valid is remembered. */
export const DEFAULT_PAGE_SIZE = 15;

/** The one remembered preference of the lists: the last page size chosen. */
const STORAGE_KEY = 'faena.pageSize';

/** The last page size chosen, or 15 (a laptop shows 15 compact rows). A stored value outside PAGE_SIZES (or no storage) counts as none. */
export function rememberedPageSize(): number {
  try {
    const n = Number(globalThis.localStorage?.getItem(STORAGE_KEY));
    return PAGE_SIZES.includes(n) ? n : DEFAULT_PAGE_SIZE;
  } catch {
    return DEFAULT_PAGE_SIZE;
  }
}

/** Remembers a page size; only sizes from PAGE_SIZES are stored. Storage failures are ignored. */
export function rememberPageSize(n: number): void {
  if (!PAGE_SIZES.includes(n)) return;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, String(n));
  } catch {
    // Private mode or full storage: the preference is simply not kept.
  }
}
