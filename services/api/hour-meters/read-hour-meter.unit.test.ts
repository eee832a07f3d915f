import { describe, expect, it } from 'vitest';
import { readHorometro, type HorometroRaw } from './read-hour-meter';

const today = '2026-03-10';
const valid: HorometroRaw = { id_equipo: 5, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: 1200, h_fin: 1209 };
const read = (over: HorometroRaw, requireEquipo = true) => readHorometro({ ...valid, ...over }, { today, requireEquipo });
const errorsOf = (over: HorometroRaw, requireEquipo = true) => {
  const r = read(over, requireEquipo);
  return r.ok ? {} : r.errors;
};

describe('readHorometro (seed 001 §5, §9)', () => {
  it('reads a valid log; failures default to 0, observations to empty, numbers from text', () => {
    const r = read({ h_inicio: '1200', h_fin: ' 1209 ', id_tipo_turno: '2', falla_neta: '1,5', obs_neta: '  cambio de manguera ' });
    expect(r).toEqual({
      ok: true,
      values: {
        id_equipo: 5, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 1200, h_fin: 1209,
        falla_operacional: 0, falla_neta: 1.5, falla_tajo: 0, obs_operacional: '', obs_neta: 'cambio de manguera', obs_tajo: '',
      },
    });
  });

  it('meter values: whole numbers of at most 7 digits, stored as absolute values', () => {
    expect(read({ h_inicio: -1200, h_fin: '-1205' })).toMatchObject({ ok: true, values: { h_inicio: 1200, h_fin: 1205 } });
    expect(errorsOf({ h_inicio: 9_999_999, h_fin: 9_999_999 })).toEqual({});
    expect(errorsOf({ h_inicio: 10_000_000, h_fin: '12345678' })).toEqual({ h_inicio: 'Máximo 7 dígitos', h_fin: 'Máximo 7 dígitos' });
    expect(errorsOf({ h_inicio: 12.5, h_fin: '1e3' })).toEqual({ h_inicio: 'Debe ser un número entero', h_fin: 'Debe ser un número entero' });
    expect(errorsOf({ h_inicio: '', h_fin: null })).toEqual({ h_inicio: 'Este campo es obligatorio', h_fin: 'Este campo es obligatorio' });
  });

  it('end not below the start; worked hours within the shift', () => {
    expect(errorsOf({ h_inicio: 1200, h_fin: 1199 })).toEqual({ h_fin: 'El horómetro final no puede ser menor que el inicial' });
    expect(errorsOf({ h_inicio: 1200, h_fin: 1213 })).toEqual({ h_fin: 'Las horas trabajadas (13 h) superan la duración del turno (12 h)' });
    expect(errorsOf({ h_inicio: 1200, h_fin: 1212 })).toEqual({});
  });

  it('failures: at most 4 characters with 1 decimal, non-negative hours', () => {
    for (const ok of ['11.5', '3', '0.5', '0', '1.0', 2.5, 0]) expect(errorsOf({ h_fin: 1200, falla_operacional: ok }), String(ok)).toEqual({});
    // '12.5' has the right format; only the shift length refuses it.
    expect(errorsOf({ h_fin: 1200, falla_operacional: '12.5' }).falla_operacional).toMatch(/^La suma de fallas/);
    for (const bad of ['123.4', '1.25', '-1', 'abc', '.5', '1.', -2, 1.25]) {
      expect(errorsOf({ falla_tajo: bad }), String(bad)).toEqual({ falla_tajo: 'Máximo 4 caracteres con 1 decimal (ej. 12.5)' });
    }
  });

  it('the failures together fit the shift, and worked plus repair hours too', () => {
    expect(errorsOf({ h_fin: 1200, falla_operacional: 6, falla_neta: 4, falla_tajo: 2.5 })).toEqual({
      falla_operacional: 'La suma de fallas (12.5 h) supera la duración del turno (12 h)',
      falla_neta: 'La suma de fallas (12.5 h) supera la duración del turno (12 h)',
      falla_tajo: 'La suma de fallas (12.5 h) supera la duración del turno (12 h)',
    });
    expect(errorsOf({ h_fin: 1200, falla_operacional: 6, falla_tajo: 6 })).toEqual({});
    expect(errorsOf({ h_fin: 1209, falla_neta: 3.5 })).toEqual({ falla_neta: 'Las horas trabajadas más la falla neta (12.5 h) superan la duración del turno (12 h)' });
    // Operational and pit delays may overlap running hours (the meter counts idling).
    expect(errorsOf({ h_fin: 1209, falla_operacional: 5, falla_tajo: 5 })).toEqual({});
  });

  it('shift required and from the fixed list; equipment required on create only', () => {
    expect(errorsOf({ id_tipo_turno: null })).toEqual({ id_tipo_turno: 'Este campo es obligatorio' });
    expect(errorsOf({ id_tipo_turno: 3 })).toEqual({ id_tipo_turno: 'Turno no válido' });
    expect(errorsOf({ id_equipo: '' })).toEqual({ id_equipo: 'Este campo es obligatorio' });
    expect(errorsOf({ id_equipo: '' }, false)).toEqual({});
    expect(errorsOf({ id_equipo: 'x' }, false)).toEqual({ id_equipo: 'Equipo no válido' });
  });

  it('date: required, a real day, not after today; fecha_creacion is another name for it', () => {
    expect(errorsOf({ fecha: null })).toEqual({ fecha: 'Este campo es obligatorio' });
    expect(read({ fecha: null, fecha_creacion: '2026-03-01' })).toMatchObject({ ok: true, values: { fecha: '2026-03-01' } });
    expect(errorsOf({ fecha: '2026-02-30' })).toEqual({ fecha: 'Fecha inválida (aaaa-mm-dd)' });
    expect(errorsOf({ fecha: '2026-03-11' })).toEqual({ fecha: 'La fecha no puede ser posterior a hoy' });
    expect(errorsOf({ fecha: today })).toEqual({});
  });

  it('observations: at most 300 characters (after trimming)', () => {
    expect(errorsOf({ obs_operacional: 'x'.repeat(300), obs_neta: ` ${'y'.repeat(300)} ` })).toEqual({});
    expect(errorsOf({ obs_tajo: 'z'.repeat(301) })).toEqual({ obs_tajo: 'Máximo 300 caracteres' });
  });

  it('reports every problem at once', () => {
    expect(Object.keys(errorsOf({ id_equipo: null, id_tipo_turno: null, h_inicio: 'a', falla_neta: '99999', obs_neta: 'x'.repeat(301) })).sort()).toEqual(
      ['h_inicio', 'id_equipo', 'id_tipo_turno', 'falla_neta', 'obs_neta'].sort(),
    );
  });
});
