import type { EventStore } from '../../../events/store';
import { businessToday } from '@shared/time';
import { addDays } from './day-utils';
import { demoHorometroLogs, type DemoMachine } from './demo-hour-meter-logs';
import { writeRecordBatches } from './write-record-batches';
import { claimSlotOf } from '../../../events/hour-meter/decider';
import { STORY_MACHINE } from '../story/story-plan';

/** The users who record the demo logs: people whose profile may register hour meters (not root
 * or admin), e.g. the equipment chief, the supervisor and the assistant. */
async function recorders(store: EventStore): Promise<number[]> {
  const rows = await store.sql<{ id: number }[]>`
    SELECT u.id FROM rm_users u JOIN rm_roles r ON r.id = u.id_role
     WHERE r.horometros = 1 AND u.id_role NOT IN (1, 16) AND u.estado = 1 ORDER BY u.id`;
  return rows.map((r) => r.id);
}

/**
 * The demo year of hour-meter logs (docs/modules/hour-meters.md) for every active machine of
 * rm_equipos at load time: the last 365 days up to yesterday (from the machine's arrival when
 * later), each log on the machine's current site, deterministic (seeded), written in batches of
 * 1,000 records per transaction, three transactions at a time. Nothing when logs exist already or
 * there are no machines. The story's losing machine (STORY_MACHINE) works few of its shifts.
 * Runs after the fleet loader in loadDemoData.
 */
export async function loadHorometrosData(store: EventStore, now = new Date()): Promise<{ horometros: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'horometro' LIMIT 1`;
  if (loaded) return { horometros: 0 };
  const machines = await store.sql<DemoMachine[]>`
    SELECT id, id_obra, horometro, codigo, to_char(coalesce(fecha_llegada, fecha_compra), 'YYYY-MM-DD') AS desde
      FROM rm_equipos WHERE estado = 1 ORDER BY id`;
  if (!machines.length) return { horometros: 0 };
  const to = addDays(businessToday(now), -1);
  const logs = demoHorometroLogs([...machines], { from: addDays(to, -364), to, lastNight: addDays(to, -1), seed: 2026, users: await recorders(store), lowUse: [STORY_MACHINE] });
  return { horometros: await writeRecordBatches(store, 'horometro', logs, { batch: 1000, parallel: 3, requestId: 'demo-data', companion: claimSlotOf }) };
}
