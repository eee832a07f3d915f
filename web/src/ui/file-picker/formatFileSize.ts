import { toNumber } from '@shared/money';

const UNITS = ['KB', 'MB', 'GB', 'TB'];

/** Base 1024: `512` → `512 B`, `1536` → `1.5 KB`, `12582912` → `12.0 MB`. Rules: under 1024 bytes
 * whole bytes; otherwise one decimal in the largest unit that keeps the number under 1024 once
 * rounded (1048575 → `1.0 MB`, not `1024.0 KB`); null, negative or non-numeric → ''. */
export function formatFileSize(bytes: number | string | null | undefined): string {
  const n = toNumber(bytes);
  if (n === null || n < 0) return '';
  if (Math.round(n) < 1024) return `${Math.round(n)} B`;
  let size = n / 1024;
  let unit = 0;
  while (unit < UNITS.length - 1 && Math.round(size * 10) / 10 >= 1024) {
    size /= 1024;
    unit += 1;
  }
  return `${size.toFixed(1)} ${UNITS[unit]}`;
}
