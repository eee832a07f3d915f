import { exportTimeZone } from './exportTimeZone';
import type { WallClock } from './WallClock';

const clock = new Intl.DateTimeFormat('en-US', {
  timeZone: exportTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The business time zone's clock at an instant. */
export function wallClockAt(instant: Date): WallClock {
  const part: Record<string, number> = {};
  for (const { type, value } of clock.formatToParts(instant)) part[type] = Number(value);
  return {
    year: part.year,
    month: part.month,
    day: part.day,
    hour: part.hour,
    minute: part.minute,
    second: part.second,
    millisecond: instant.getUTCMilliseconds(),
  };
}
