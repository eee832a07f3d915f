/** A calendar date and time of day as read on a clock in the business time zone; month 1–12. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
};
