import { ApiError, NOT_FOUND } from '../platform/api-error';
import { SAVED } from '../platform/define-crud';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { gastosInput, gastosSaveInput } from './gastos-schemas';
import { loadGastos } from './load-gastos';
import { openGastos } from './open-gastos';
import { saveGastos } from './save-gastos';
import { gastosReply } from '@shared/contracts/sites';


/** A site's general expenses (seed 001 §2 /obras/{id}/editar, §7 'Work sites'). */
export function gastosRoutes(): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      path: '/obras/gastosGenerales',
      access: moduleAccess('/obras', 'see'),
      summary: 'Gastos generales de una obra por secciones (la primera vez se crean las líneas del catálogo de conceptos)',
      input: gastosInput,
      output: gastosReply,
      async handler({ input, deps, metadata }) {
        const [obra] = await deps.sql`SELECT 1 FROM rm_obras WHERE id = ${input.id}`;
        if (!obra) throw new ApiError(404, NOT_FOUND);
        await openGastos(deps, input.id, metadata);
        return { ...(await loadGastos(deps.sql, input.id)) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/obras_gastos_generales/create',
      access: moduleAccess('/obras', 'edit'),
      summary: 'Guardar los gastos generales de una obra (montos enteros; las líneas calculadas se recalculan en el servidor)',
      input: gastosSaveInput,
      output: gastosReply,
      async handler({ input, deps, metadata }) {
        await saveGastos(deps, input, metadata);
        return { ...(await loadGastos(deps.sql, input.id)), msg: SAVED };
      },
    }),
  ];
}
