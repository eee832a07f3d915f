import { describe, expect, it } from 'vitest';
import { endOfMinute, wallClockOfInstant } from './asOfInstant';

describe('time-travel instants', () => {
  it('a Lima wall clock names the end of its minute (Lima is UTC-5)', () => {
    expect(endOfMinute('2026-11-20 08:35')?.toISOString()).toBe('2026-11-20T13:35:59.999Z');
    expect(endOfMinute('2026-11-20 23:59')?.toISOString()).toBe('2026-11-21T04:59:59.999Z');
    expect(endOfMinute('2026-11-20')).toBeNull();
    expect(endOfMinute('')).toBeNull();
  });

  it('an instant reads back as its Lima wall clock', () => {
    expect(wallClockOfInstant('2026-11-20T13:35:59.999Z')).toBe('2026-11-20 08:35');
    expect(wallClockOfInstant('2026-11-21T03:00:00.000Z')).toBe('2026-11-20 22:00');
  });
});
