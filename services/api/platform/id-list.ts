import * as v from 'valibot';

/** Ids as the seed's report screens send them: a list, a number, '1,2,3', or a map { id: true }
 * (traceability, KPIs); each a positive integer, at most `max`. */
export const idList = (max = 5000) =>
  v.pipe(
    v.union([v.array(v.unknown()), v.string(), v.number(), v.record(v.string(), v.unknown())], 'Lista no válida'),
    v.transform((x: string | number | unknown[] | Record<string, unknown>): number[] => {
      const raw = Array.isArray(x) ? x : typeof x === 'string' ? x.split(',').filter((s) => s.trim() !== '') : typeof x === 'number' ? [x] : Object.entries(x as object).filter(([, on]) => on === true || on === 1 || on === '1' || on === 'true').map(([k]) => k);
      return raw.map((s) => Number(typeof s === 'string' ? s.trim() : s));
    }),
    v.check((xs: number[]) => xs.every((n) => Number.isInteger(n) && n > 0), 'Identificador inválido'),
    v.maxLength(max, `Hasta ${max} elementos`),
  );
