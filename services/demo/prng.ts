/** A seeded pseudo-random generator (mulberry32): the same seed gives the same demo data, scale
 * data and random test cases on every run. Call it for a number in [0, 1); its helpers draw from
 * the same sequence. */
export type Prng = {
  (): number;
  next(): number;
  /** An integer in [lo, hi]. */
  int(lo: number, hi: number): number;
  /** A number with one decimal in [lo, hi] (hours in tenths). */
  tenths(lo: number, hi: number): number;
  pick<T>(xs: readonly T[]): T;
};

export function prng(seed: number): Prng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return Object.assign(() => next(), {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    tenths: (lo: number, hi: number) => (Math.round(lo * 10) + Math.floor(next() * (Math.round(hi * 10) - Math.round(lo * 10) + 1))) / 10,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  });
}
