/** A small seeded generator (mulberry32): the same seed gives the same demo data on every start. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer in [lo, hi]. */
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    /** Hours with one decimal in [lo, hi]. */
    tenths: (lo: number, hi: number) => (Math.round(lo * 10) + Math.floor(next() * (Math.round(hi * 10) - Math.round(lo * 10) + 1))) / 10,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)],
  };
}

export type Prng = ReturnType<typeof prng>;
