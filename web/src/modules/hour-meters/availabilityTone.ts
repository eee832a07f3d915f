/** The colour hint of a percentage: below 75 % red, below 90 % amber, else green; none without a
 * value. Thresholds of the usual fleet targets (docs/modules/hour-meters.md). */
export function availabilityTone(value: number | null | undefined): 'low' | 'mid' | 'ok' | 'none' {
  if (value === null || value === undefined) return 'none';
  if (value < 75) return 'low';
  if (value < 90) return 'mid';
  return 'ok';
}
