/** 'YYYY-MM-DD' (or 'YYYY-MM') → months since year 0 (year * 12 + month - 1), to compare and step
 * months without dates. */
export function monthIndex(day: string): number {
  return Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
}
