import { MINUTES_PER_DAY, MINUTES_PER_HOUR, MINUTES_PER_MONTH } from '@shared/lead-time';

/** Seed 002 §9: the work order's timeline uses 70 px per tick, between 1 and 6 ticks. */
export const PX_PER_TICK = 70;
export const MAX_TICKS = 6;

/** What one tick may stand for, shortest first (30-day months, seed 002 §9). */
const UNITS = [
  15, 30, MINUTES_PER_HOUR, 2 * MINUTES_PER_HOUR, 3 * MINUTES_PER_HOUR, 6 * MINUTES_PER_HOUR, 12 * MINUTES_PER_HOUR,
  MINUTES_PER_DAY, 2 * MINUTES_PER_DAY, 5 * MINUTES_PER_DAY, 7 * MINUTES_PER_DAY, 15 * MINUTES_PER_DAY,
  MINUTES_PER_MONTH, 2 * MINUTES_PER_MONTH, 3 * MINUTES_PER_MONTH, 6 * MINUTES_PER_MONTH, 12 * MINUTES_PER_MONTH,
];

export type TimelineScale = {
  /** Minutes one tick stands for. */
  unit: number;
  /** 1 to 6. */
  ticks: number;
  /** ticks × 70 px. */
  width: number;
  /** Pixels of a number of minutes. */
  px(minutes: number): number;
};

/** The scale of an order's timeline spanning `total` minutes: the shortest tick unit whose 6 ticks
 * reach the span, then as many ticks as the span needs (at least 1), 70 px each. A span past six
 * years (the longest unit) keeps 6 ticks and a unit of a sixth of it. */
export function timelineScale(total: number): TimelineScale {
  const span = Math.max(0, total);
  const unit = UNITS.find((u) => u * MAX_TICKS >= span) ?? Math.ceil(span / MAX_TICKS);
  const ticks = Math.min(MAX_TICKS, Math.max(1, Math.ceil(span / unit)));
  const width = ticks * PX_PER_TICK;
  return { unit, ticks, width, px: (minutes: number) => (Math.max(0, minutes) / unit) * PX_PER_TICK };
}
