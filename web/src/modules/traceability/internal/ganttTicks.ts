/** Seed 002 §9: the Gantt's axis has 16 markers (15 intervals). */
export const GANTT_INTERVALS = 15;

/** Steps the axis may take, per power of ten: round enough to read, fine enough that the axis
 * never runs more than a quarter past the longest bar. */
const NICE = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The 16 markers of the Gantt's hour axis over [0, max]: 0, step, …, 15 × step, with the
 * smallest round step whose 15 intervals reach `max`. Without data (max ≤ 0) the axis runs 0-15 h. */
export function ganttTicks(max: number): number[] {
  const raw = Number.isFinite(max) && max > 0 ? max / GANTT_INTERVALS : 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  const nice = NICE.find((n) => n * power >= raw - 1e-9) ?? 10;
  // Rounded to avoid 0.30000000000000004 in a label.
  const step = Number((nice * power).toPrecision(6));
  return Array.from({ length: GANTT_INTERVALS + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}
