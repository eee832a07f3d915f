import { describe, expect, it } from 'vitest';
import { horometroFormValues, horometroPayload, horometroPreview, type HorometroFormValues } from './hourMeterForm';

const base: HorometroFormValues = {
  id_equipo: 4, fecha: '2026-03-09', id_tipo_turno: 1, h_inicio: '1000', h_fin: '1008', falla_operacional: '', falla_neta: '', falla_tajo: '',
  obs_operacional: '', obs_neta: '', obs_tajo: '',
};

describe('hour-meter dialog model', () => {
  it('reads the form item: failures of 0 as empty boxes, numbers as text', () => {
    expect(horometroFormValues({ id: 3, id_equipo: 4, fecha: '2026-03-09', id_tipo_turno: 2, h_inicio: 10, h_fin: 18, falla_neta: 1.5, falla_operacional: 0, obs_neta: 'x' })).toEqual({
      ...base, id_tipo_turno: 2, h_inicio: '10', h_fin: '18', falla_neta: '1.5', obs_neta: 'x',
    });
    expect(horometroFormValues({ id: 0, id_equipo: null, fecha_creacion: '2026-03-10', id_tipo_turno: 1, h_inicio: null })).toMatchObject({ id_equipo: null, fecha: '2026-03-10', h_inicio: '' });
  });

  it('previews worked hours, availability and utilisation as the list computes them', () => {
    expect(horometroPreview(base)).toMatchObject({ horas_trabajadas: 8, disponibilidad: 100, utilizacion: 66.67 });
    expect(horometroPreview({ ...base, falla_neta: '2,5', falla_operacional: '1' })).toMatchObject({ disponibilidad: 76.19, utilizacion: 84.21, fallas: 3.5 });
    expect(horometroPreview({ ...base, h_inicio: '-1000' })).toMatchObject({ horas_trabajadas: 8 });
  });

  it('no preview until the shift and both readings are valid', () => {
    expect(horometroPreview({ ...base, h_fin: '' })).toBeNull();
    expect(horometroPreview({ ...base, id_tipo_turno: null })).toBeNull();
    expect(horometroPreview({ ...base, falla_tajo: '123.4' })).toBeNull();
    expect(horometroPreview({ ...base, h_inicio: '12345678' })).toBeNull();
  });

  it('sends the values as typed, the confirmation flag only when asked, the version on edits', () => {
    expect(horometroPayload(0, base, { version: 3 })).toEqual({ id: 0, ...base });
    expect(horometroPayload(5, base, { confirmar: true, version: 3 })).toEqual({ id: 5, ...base, confirmar_horometro: 1, version: 3 });
  });
});
