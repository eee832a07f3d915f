import { describe, expect, it } from 'vitest';
import { parseClientDate, serverTimeZone, tiempo } from './server-clock';

describe('tiempo', () => {
  const now = new Date('2026-11-22T15:00:00.000Z');

  it('server time, the difference with the client in seconds, and the zone', () => {
    expect(tiempo(now, null, 'America/Lima')).toEqual({ fecha: '2026-11-22T15:00:00.000Z', diferencia: 0, zona_horaria: 'America/Lima' });
    expect(tiempo(now, new Date('2026-11-22T14:58:30Z'), 'America/Lima').diferencia).toBe(90);
    expect(tiempo(now, new Date('2026-11-22T15:00:02.600Z'), 'America/Lima').diferencia).toBe(-3);
    expect(Object.is(tiempo(now, new Date('2026-11-22T15:00:00.200Z'), 'UTC').diferencia, 0)).toBe(true);
  });

  it('reads the client date as epoch milliseconds, seconds or ISO 8601', () => {
    expect(parseClientDate('1795359600000')?.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(parseClientDate('1795359600')?.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(parseClientDate('2026-11-22T10:00:00-05:00')?.toISOString()).toBe('2026-11-22T15:00:00.000Z');
    expect(parseClientDate('ayer')).toBeNull();
    expect(parseClientDate('2026-13-45T00:00:00Z')).toBeNull();
    expect(parseClientDate('12345')).toBeNull();
  });

  it('the zone: a valid TZ of the process, else America/Lima', () => {
    expect(serverTimeZone({})).toBe('America/Lima');
    expect(serverTimeZone({ TZ: 'UTC' })).toBe('America/Lima');
    expect(serverTimeZone({ TZ: 'Not/AZone' })).toBe('America/Lima');
    expect(serverTimeZone({ TZ: 'America/Bogota' })).toBe('America/Bogota');
    expect(serverTimeZone({ TZ: ':Europe/Madrid' })).toBe('Europe/Madrid');
  });
});
