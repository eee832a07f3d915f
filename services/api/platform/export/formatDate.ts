import type { WallClock } from './WallClock';

/** dd/MM/yyyy, e.g. `22/11/2026`. */
export function formatDate(w: WallClock): string {
  return `${pad(w.day, 2)}/${pad(w.month, 2)}/${pad(w.year, 4)}`;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}
