import { afterAll, describe, expect, it } from 'vitest';
import {
  BUSINESS_TODAY_SQL,
  BUSINESS_TZ,
  businessDateSql,
  businessToday,
  formatDate,
  formatDateTime,
  formatWallClock,
  instantOf,
  MONTH_NAMES,
  wallClockAt,
  wallClockNow,
  wallClockOf,
} from './time';

// Zones on both sides of Lima (UTC−5), with the local hour of 2026-01-01 12:00 UTC in each: the
// product's clock must not move with the process's.
const ZONES: Record<string, number> = { UTC: 12, 'America/Lima': 7, 'Asia/Tokyo': 21, 'America/Los_Angeles': 4, 'Pacific/Kiritimati': 2, 'Pacific/Pago_Pago': 1 };
const previousTz = process.env.TZ;
afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

/** Runs the assertions once per process zone (Node reads TZ again when it changes). */
function inEveryZone(check: () => void) {
  for (const [zone, localHour] of Object.entries(ZONES)) {
    process.env.TZ = zone;
    expect(new Date('2026-01-01T12:00:00Z').getHours(), `process zone ${zone}`).toBe(localHour);
    check();
  }
}

describe('business time zone', () => {
  it('is Lima, and the SQL twins name it', () => {
    expect(BUSINESS_TZ).toBe('America/Lima');
    expect(BUSINESS_TODAY_SQL).toBe("(now() AT TIME ZONE 'America/Lima')::date");
    expect(businessDateSql('e.date_created')).toBe("(e.date_created AT TIME ZONE 'America/Lima')::date");
  });

  it("today changes at Lima's midnight (05:00 UTC), whatever the process's TZ", () => {
    inEveryZone(() => {
      expect(businessToday(new Date('2026-11-23T04:59:59.999Z'))).toBe('2026-11-22');
      expect(businessToday(new Date('2026-11-23T05:00:00.000Z'))).toBe('2026-11-23');
      expect(businessToday(new Date('2027-01-01T04:59:00Z'))).toBe('2026-12-31');
      expect(businessToday(new Date('2024-03-01T04:00:00Z'))).toBe('2024-02-29');
    });
  });

  it('now as a wall clock, and the clock at an instant, in Lima whatever the TZ', () => {
    inEveryZone(() => {
      expect(wallClockNow(new Date('2026-01-01T04:59:00Z'))).toBe('2025-12-31 23:59');
      expect(wallClockNow(new Date('2026-11-22T15:07:42Z'))).toBe('2026-11-22 10:07');
      expect(wallClockAt(new Date('2026-11-22T05:00:00.123Z'))).toEqual({ year: 2026, month: 11, day: 22, hour: 0, minute: 0, second: 0, millisecond: 123 });
    });
  });

  it('the instant a Lima wall-clock time names; hours past 23 roll over', () => {
    inEveryZone(() => {
      expect(instantOf('2026-03-09', 7).toISOString()).toBe('2026-03-09T12:00:00.000Z');
      expect(instantOf('2026-03-09', 0).toISOString()).toBe('2026-03-09T05:00:00.000Z');
      expect(instantOf('2026-12-31', 19 + 12).toISOString()).toBe('2027-01-01T12:00:00.000Z');
    });
  });

  it('has the Spanish month names, January first', () => {
    expect(MONTH_NAMES).toHaveLength(12);
    expect([MONTH_NAMES[0], MONTH_NAMES[8], MONTH_NAMES[11]]).toEqual(['Enero', 'Septiembre', 'Diciembre']);
  });
});

describe('formatDate', () => {
  it('shows a calendar date as written, never the day before, whatever the TZ', () => {
    inEveryZone(() => {
      expect(formatDate('2024-03-05')).toBe('05/03/2024');
      expect(formatDate('2024-01-01')).toBe('01/01/2024');
      // PostgreSQL date columns and new Date('2024-03-05') arrive as UTC midnight.
      expect(formatDate(new Date('2024-03-05'))).toBe('05/03/2024');
      expect(formatDate(Date.UTC(2024, 2, 5))).toBe('05/03/2024');
    });
  });

  it('shows an instant on the Lima clock: the Lima day, whatever the TZ', () => {
    inEveryZone(() => {
      expect(formatDate('2024-03-05T02:00:00Z')).toBe('04/03/2024');
      expect(formatDate('2024-03-05 02:00:00+00')).toBe('04/03/2024');
      expect(formatDate('2024-03-05 02:00:00.123456+0000')).toBe('04/03/2024');
      expect(formatDate('2024-03-05T10:00:00+09:00')).toBe('04/03/2024');
      expect(formatDate(new Date('2024-03-05T05:00:00.001Z'))).toBe('05/03/2024');
      expect(formatDate(new Date('2024-03-05T04:59:59Z'))).toBe('04/03/2024');
    });
  });

  it('reads text without a zone as a Lima wall clock', () => {
    inEveryZone(() => {
      expect(formatDate('2024-03-05 23:30:00')).toBe('05/03/2024');
      expect(formatDate('2024-03-05T00:10')).toBe('05/03/2024');
    });
  });

  it('gives an empty string for invalid and empty values', () => {
    for (const bad of [null, undefined, '', 'no es fecha', '2024-02-31', '2024-03-05 24:00', Number.NaN, {}, '1,234']) {
      expect(formatDate(bad as never), String(bad)).toBe('');
    }
  });
});

describe('formatDateTime (12-hour clock)', () => {
  it('writes AM and PM, hours padded to two digits', () => {
    expect(formatDateTime('2024-03-05 14:07')).toBe('05/03/2024 02:07 PM');
    expect(formatDateTime('2024-03-05 09:30')).toBe('05/03/2024 09:30 AM');
    expect(formatDateTime('2024-03-05 23:59:59')).toBe('05/03/2024 11:59 PM');
  });

  it('writes midnight as 12 AM and noon as 12 PM', () => {
    expect(formatDateTime('2024-03-05 00:00')).toBe('05/03/2024 12:00 AM');
    expect(formatDateTime('2024-03-05 00:59')).toBe('05/03/2024 12:59 AM');
    expect(formatDateTime('2024-03-05 12:00')).toBe('05/03/2024 12:00 PM');
    expect(formatDateTime('2024-03-05 12:05')).toBe('05/03/2024 12:05 PM');
    expect(formatDateTime('2024-03-05 01:00')).toBe('05/03/2024 01:00 AM');
    expect(formatDateTime('2024-03-05 13:00')).toBe('05/03/2024 01:00 PM');
    expect(formatDateTime('2024-03-05')).toBe('05/03/2024 12:00 AM');
  });

  it('shows instants on the Lima clock whatever the TZ, midnight and noon included', () => {
    inEveryZone(() => {
      expect(formatDateTime('2024-03-05T20:15:00.000Z')).toBe('05/03/2024 03:15 PM');
      expect(formatDateTime(new Date('2024-03-05T05:00:00Z'))).toBe('05/03/2024 12:00 AM');
      expect(formatDateTime(new Date('2024-03-05T17:00:00Z'))).toBe('05/03/2024 12:00 PM');
      expect(formatDateTime(Date.parse('2024-03-05T04:59:00Z'))).toBe('04/03/2024 11:59 PM');
    });
  });

  it('gives an empty string for invalid values', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('x')).toBe('');
    expect(formatDateTime(new Date(Number.NaN))).toBe('');
  });
});

describe('formatWallClock', () => {
  it("shows a work order's zone-less date-time as written, on the 12-hour clock", () => {
    inEveryZone(() => {
      expect(formatWallClock('2026-11-20 08:30')).toBe('20/11/2026 08:30 AM');
      expect(formatWallClock('2026-11-20T20:30')).toBe('20/11/2026 08:30 PM');
      expect(formatWallClock('2026-11-20 00:00')).toBe('20/11/2026 12:00 AM');
    });
  });

  it('takes only wall-clock values: absent, dates alone and instants give an empty string', () => {
    expect(formatWallClock(null)).toBe('');
    expect(formatWallClock('')).toBe('');
    expect(formatWallClock('2026-11-20')).toBe('');
    expect(formatWallClock('2026-11-20T13:30:00Z')).toBe('');
  });
});

describe('wallClockOf', () => {
  it('keeps the UTC day of a date at UTC midnight, and reads the same instant as Lima time for a date-time', () => {
    const midnight = new Date('2026-11-22T00:00:00Z');
    expect(wallClockOf(midnight, 'date')).toMatchObject({ year: 2026, month: 11, day: 22, hour: 0 });
    expect(wallClockOf(midnight, 'datetime')).toMatchObject({ year: 2026, month: 11, day: 21, hour: 19 });
  });
});
