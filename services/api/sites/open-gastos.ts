import { ConcurrencyError } from '../../../events/errors';
import { execute } from '../../../events/execute';
import { obraGastos } from '../../../events/site/decider';
import type { GastoLinea } from '../../../events/site/types';
import { streamIdOf } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import type { ApiDeps } from '../platform/deps';

type CatalogueRow = Omit<GastoLinea, 'id' | 'cantidad' | 'monto' | 'monto_total'> & { version: number };

/** The first opening of a site's general expenses copies the newest concept catalogue
 * (gasto_general_conceptos) into the site's stream, each line with its own id (allocated in the
 * command's transaction); afterwards it does nothing. Two first openings at once: the loser's
 * append finds the stream created (409) and simply reads what the winner wrote. With an empty
 * catalogue nothing is written and the screen gets no lines (seed 001 §8: it reloads once). */
export async function openGastos(deps: ApiDeps, idObra: number, metadata: Partial<EventMetadata>): Promise<void> {
  if ((await deps.store.streamVersion(streamIdOf('obra_gastos', idObra))) > 0) return;
  const catalogue = await deps.sql<CatalogueRow[]>`
    SELECT version, numero, grupo, concepto, info, usa_cantidad, disabled, regla FROM gasto_general_conceptos
     WHERE version = (SELECT max(version) FROM gasto_general_conceptos) ORDER BY numero`;
  if (!catalogue.length) return;
  try {
    await execute(deps.store, async (c) => {
      const ids = await c.nextIds('obra_gasto', catalogue.length);
      const lineas: GastoLinea[] = catalogue.map(({ version: _v, ...line }, i) => ({ ...line, id: ids[i], cantidad: 0, monto: 0, monto_total: 0 }));
      c.start(obraGastos, idObra).decide({ type: 'IniciarGastosGenerales', id_obra: idObra, catalogo_version: catalogue[0].version, lineas });
    }, { metadata });
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}
