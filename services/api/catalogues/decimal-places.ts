/** How many decimals a number needs as written in JavaScript's shortest form ('0.25' → 2,
 * '1e-7' → 7, '1.5e-7' → 8). Used to refuse more decimals than a numeric column keeps instead
 * of silently rounding what the user typed. */
export function decimalPlaces(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [mantissa, exponent] = String(n).toLowerCase().split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}
