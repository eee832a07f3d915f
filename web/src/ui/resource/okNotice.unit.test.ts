import { describe, expect, it } from 'vitest';
import { AVISO, okNotice } from './okNotice';

// Seed 002 §8: success is a toast; a reply flagged is_new shows its msg in 'Aviso'.
describe('okNotice', () => {
  it('an is_new reply of an action that asks for it opens Aviso with the server\'s msg', () => {
    expect(AVISO).toBe('Aviso');
    expect(okNotice({ msg: 'Se generó la solicitud de servicio', is_new: true }, 'Hecho', true)).toEqual({ kind: 'aviso', message: 'Se generó la solicitud de servicio' });
  });

  it('otherwise a toast: no is_new, is_new false, or an action that does not ask for it', () => {
    expect(okNotice({ msg: 'Guardado correctamente' }, 'Hecho', true)).toEqual({ kind: 'toast', message: 'Guardado correctamente' });
    expect(okNotice({ msg: 'Guardado correctamente', is_new: false }, 'Hecho', true)).toEqual({ kind: 'toast', message: 'Guardado correctamente' });
    expect(okNotice({ msg: 'Se generó', is_new: true }, 'Hecho')).toEqual({ kind: 'toast', message: 'Se generó' });
    expect(okNotice({ msg: '' }, 'Hecho', true)).toEqual({ kind: 'toast', message: 'Hecho' });
  });
});
