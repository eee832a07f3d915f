import { createRecord, setRecordEnabled, updateRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';
import { fleetCatalog } from './fleetCatalog';
import { FLEET_MODELS } from './fleetModels';
import { machineFields } from './machineFields';
import { prng } from '../prng';

/** The day the demo fleet's dates are drawn against: fixed, so the fleet is the same whenever it
 * is loaded. */
const FLEET_DAY = '2026-11-01';

/** Loads the demo fleet (seed 001 §3 Equipment): one machine per FLEET_MODELS count (79), spread
 * over the demo sites with codes by kind ('EX-001', 'VQ-004'…), through the record commands, so
 * it lands in the event log like any other change. Then some of its history, acted by the demo
 * equipment chief: every seventh machine moved to another site (the movement history), and two
 * old machines written off (fecha_baja) and deactivated. Deterministic (seeded). Does nothing when
 * machines exist. */
export async function loadFleet(store: EventStore): Promise<{ equipos: number; traslados: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'equipo' LIMIT 1`;
  if (loaded) return { equipos: 0, traslados: 0 };
  const system = { userId: null, requestId: 'demo-data' };
  const [chief] = await store.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'jefe@faena.pe'`;
  const byChief = { userId: chief?.id ?? null, requestId: 'demo-data' };
  const catalog = await fleetCatalog(store, FLEET_MODELS);
  const rng = prng(20_261_101);
  const numbers = new Map<string, number>();
  const machines: { id: number; id_obra: number; anio: number; fecha_compra: string }[] = [];
  for (const model of FLEET_MODELS) {
    for (let i = 0; i < model.count; i++) {
      const n = (numbers.get(model.prefix) ?? 0) + 1;
      numbers.set(model.prefix, n);
      const site = catalog.sites[Math.floor(rng() * catalog.sites.length)];
      const fields = machineFields({ model, ids: catalog.ids(model), site, codigo: `${model.prefix}-${String(n).padStart(3, '0')}`, rng, today: FLEET_DAY });
      const created = await createRecord(store, 'equipo', { ...fields, estado: 1 }, { metadata: system });
      machines.push({ id: created.id, id_obra: site.id, anio: fields.anio as number, fecha_compra: fields.fecha_compra as string });
    }
  }
  let traslados = 0;
  for (let i = 3; i < machines.length; i += 7) {
    const m = machines[i];
    const others = catalog.sites.filter((s) => s.id !== m.id_obra);
    if (!others.length) break;
    const to = others[Math.floor(rng() * others.length)];
    await updateRecord(store, 'equipo', m.id, { id_obra: to.id, ubicacion: 'Patio de máquinas', codigo_sub_obra: `${to.codigo}-MOV${traslados + 1}` }, { metadata: byChief });
    traslados++;
  }
  const oldest = [...machines].sort((a, b) => a.anio - b.anio || a.id - b.id).slice(0, 2);
  for (const m of oldest) {
    await updateRecord(store, 'equipo', m.id, { fecha_baja: '2026-06-30', observaciones: 'Dado de baja por antigüedad.' }, { metadata: byChief });
    await setRecordEnabled(store, 'equipo', m.id, false, { metadata: byChief });
  }
  return { equipos: machines.length, traslados };
}
