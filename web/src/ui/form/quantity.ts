/** A quantity as typed (seed 002 §5): only a non-negative decimal — digits with an optional
 * decimal part; a character that would make it something else is dropped (the last one typed), and
 * the value is capped at `max` (the requested, available or pending quantity) when there is one. '' stays ''. */
export function quantityInput(text: string, max?: number): string {
  let next = text.replace(',', '.');
  while (next !== '' && !/^\d*\.?\d*$/.test(next)) next = next.slice(0, -1);
  if (next === '' || next === '.') return next === '.' ? '0.' : '';
  if (max !== undefined && Number(next) > max) return String(max);
  return next;
}

/** The number a quantity's text stands for (0 for '' or a lone '.'). */
export function quantityValue(text: string): number {
  const n = Number(text);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
