import { describe, expect, it } from 'vitest';
import { registrationDeadline, shiftEnd, windowRefusal } from './registration-window';
import { TIPOS_TURNO } from './tipos-turno';

const [dia, noche] = TIPOS_TURNO;

describe('shift end and registration deadline (America/Lima, UTC−5)', () => {
  it('a day shift ends at 19:00 of its date; a night shift at 07:00 the next day', () => {
    expect(shiftEnd('2026-03-09', dia).toISOString()).toBe('2026-03-10T00:00:00.000Z');
    expect(shiftEnd('2026-03-09', noche).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(shiftEnd('2026-12-31', noche).toISOString()).toBe('2027-01-01T12:00:00.000Z');
  });

  it('the deadline is the shift end plus registro_horometro hours; 0 means no limit', () => {
    expect(registrationDeadline('2026-03-09', dia, 24)?.toISOString()).toBe('2026-03-11T00:00:00.000Z');
    expect(registrationDeadline('2026-03-09', noche, 48)?.toISOString()).toBe('2026-03-12T12:00:00.000Z');
    expect(registrationDeadline('2026-03-09', dia, 0)).toBeNull();
  });

  it('refuses a log past its deadline with the deadline on the 12-hour clock; exempt profiles never', () => {
    const rights = { allowed: true, allowedHours: 24, exempt: false };
    const justBefore = new Date('2026-03-11T00:00:00.000Z');
    expect(windowRefusal(rights, '2026-03-09', dia.id, justBefore)).toBeNull();
    expect(windowRefusal(rights, '2026-03-09', dia.id, new Date(justBefore.getTime() + 1))).toBe(
      'Plazo de registro vencido: los horómetros se registran hasta 24 h después del fin del turno (venció el 10/03/2026 07:00 PM)',
    );
    expect(windowRefusal({ ...rights, exempt: true }, '2026-03-09', dia.id, new Date('2027-01-01'))).toBeNull();
    expect(windowRefusal({ ...rights, allowedHours: 0 }, '2026-03-09', dia.id, new Date('2027-01-01'))).toBeNull();
  });
});
