import { toNumber } from './toNumber';

/** → `3 h 25 m`. Rules: the total is `hours * 60 + minutes` rounded to whole minutes, so decimal
 * hours convert (3.4166 → `3 h 25 m`) and minutes of 60 or more carry into hours (`1, 90` →
 * `2 h 30 m`); both parts are always shown (`0 h 45 m`, `3 h 0 m`); a negative total keeps one
 * leading minus (`-1 h 30 m`); numeric strings accepted; null, blank or non-numeric hours → ''. */
export function formatHours(hours: number | string | null | undefined, minutes?: number | string | null): string {
  const h = toNumber(hours);
  if (h === null) return '';
  const total = Math.round(h * 60 + (toNumber(minutes) ?? 0));
  const abs = Math.abs(total);
  return `${total < 0 ? '-' : ''}${Math.floor(abs / 60)} h ${abs % 60} m`;
}
