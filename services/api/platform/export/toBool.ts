const truthy = new Set(['true', 't', '1', 'si', 'sí', 'yes', 'y']);
const falsy = new Set(['false', 'f', '0', 'no', 'n']);

/** A boolean, 1/0 or a yes/no word (postgres text 't'/'f' included); anything else is undefined. */
export function toBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (truthy.has(word)) return true;
  if (falsy.has(word)) return false;
  return undefined;
}
