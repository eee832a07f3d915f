import * as v from 'valibot';
import { id, int } from '../../platform/fields';

// Valibot pieces shared by the administration modules (menu and profiles), with Spanish messages.

/** A user type (`id_type_user`: 1 is the back-office). */
export const typeUserField = () =>
  v.pipe(int('Tipo de usuario no válido'), v.minValue(1, 'Tipo de usuario no válido'), v.maxValue(1000, 'Tipo de usuario no válido'));

/** A reference to a module, or none: null, '' or 0 (what forms send for "none") become null. */
export const moduleRefField = () =>
  v.pipe(
    v.union([v.null(), v.literal(''), id()], 'Identificador inválido'),
    v.transform((x): number | null => (x === '' || x === null || x === 0 ? null : x)),
  );
