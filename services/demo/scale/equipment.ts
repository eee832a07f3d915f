import { businessToday } from '@shared/time';
import { execute } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import { fleetCatalog } from '../fleet/fleetCatalog';
import { FLEET_MODELS } from '../fleet/fleetModels';
import { machineFields } from '../fleet/machineFields';
import { prng } from '../prng';
import type { ScaleStep } from './scaleStep';

/** Machines written per command (one transaction). */
const BATCH = 250;
const machines = recordAggregate('equipo');

/** Scale data for the equipment register: machines up to `target` (default 2,000), the models of
 * the demo fleet in its proportions, spread over every site, with codes 'EX-S00042' (kind prefix,
 * 'S' and a running number, never clashing with the demo fleet's). Each machine is a RecordCreated
 * on its own stream (`equipo-{id}`) decided by the record decider, 250 per command (one
 * transaction, one append) so the inline projections fill rm_equipos at once.
 * Deterministic for a given starting count. */
export function equiposScaleStep(target = 2_000): ScaleStep {
  return {
    name: 'equipos',
    async run({ store, progress }) {
      const { sql } = store;
      const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_equipos`;
      const missing = Math.max(0, target - n);
      if (missing === 0) return { added: 0, total: n };
      const catalog = await fleetCatalog(store, FLEET_MODELS);
      const weighted = FLEET_MODELS.flatMap((m) => Array.from({ length: m.count }, () => m));
      const taken = new Set((await sql<{ codigo: string }[]>`SELECT lower(codigo) AS codigo FROM rm_equipos`).map((r) => r.codigo));
      const rng = prng(1_000_003 + n);
      const today = businessToday(new Date());
      const metadata = { userId: null, requestId: 'seed-scale' };
      let serial = n;
      let added = 0;
      while (added < missing) {
        const size = Math.min(BATCH, missing - added);
        await execute(store, async (c) => {
          const ids = await c.nextIds('equipo', size);
          for (const id of ids) {
            const model = weighted[Math.floor(rng() * weighted.length)];
            let codigo: string;
            do codigo = `${model.prefix}-S${String(++serial).padStart(5, '0')}`;
            while (taken.has(codigo.toLowerCase()));
            taken.add(codigo.toLowerCase());
            const site = catalog.sites[Math.floor(rng() * catalog.sites.length)];
            const fields = machineFields({ model, ids: catalog.ids(model), site, codigo, rng, today });
            c.start(machines, id).decide({ type: 'CreateRecord', id, fields: { ...fields, estado: 1 } });
          }
        }, { metadata });
        added += size;
        progress(added, missing);
      }
      return { added, total: n + added };
    },
  };
}
