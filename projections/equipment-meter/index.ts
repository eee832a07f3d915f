import type { TransactionSql } from 'postgres';
import type { InlineProjection } from '../types';

/** The work-order events that can move a machine's readings (the header's meters, its machine, its state). */
const WORK_ORDER_EVENTS = new Set(['WorkOrderOpened', 'WorkOrderDetailsChanged', 'WorkOrderCancelled']);

/**
 * Inline (read-your-writes): `rm_equipo_medidores`, each machine's current hour-meter and
 * kilometraje (issue 20, docs/modules/preventive-maintenance.md). A row is recomputed whole by
 * the SQL function `equipo_medidor` (migrations/0050) from the machine's active logs, its work
 * orders' readings and its registered reading, whenever one of them changes. Being a function of
 * its sources as they stand, a rebuild (which reads the sources at the end of the log) writes what
 * the live path wrote after the last change of each machine's sources. It runs after `records`
 * and `work-orders`, whose tables it reads in the same transaction.
 */
export const equipmentMeterProjection: InlineProjection = {
  name: 'equipment_meter',
  handles: (e) =>
    ((e.streamType === 'horometro' || e.streamType === 'equipo') && e.type.startsWith('Record')) ||
    (e.streamType === 'work_order' && WORK_ORDER_EVENTS.has(e.type)),
  async apply(tx, events) {
    const machines = new Set<number>();
    const removedLogs: number[] = [];
    const orders: number[] = [];
    for (const e of events) {
      const data = e.data;
      if (e.streamType === 'equipo') machines.add(Number(data.id));
      else if (e.streamType === 'horometro') {
        if (e.type === 'RecordRemoved') removedLogs.push(Number(data.id));
        else if (e.type === 'RecordCreated') machines.add(Number((data.fields as Record<string, unknown>).id_equipo));
        // a stored log's machine never changes: it is read from rm_horometros below
      } else {
        orders.push(Number(data.id));
        const moved = (data.changes as Record<string, { from: unknown }> | undefined)?.id_equipo;
        if (moved?.from) machines.add(Number(moved.from));
      }
    }
    const changedLogs = events
      .filter((e) => e.streamType === 'horometro' && e.type !== 'RecordCreated' && e.type !== 'RecordRemoved')
      .map((e) => Number((e.data as { id: unknown }).id));
    await recompute(tx, [...machines], changedLogs, orders, removedLogs);
  },
  async reset(tx) {
    await tx`DELETE FROM rm_equipo_medidores`;
  },
};

/** The first key of the per-machine advisory locks of this projection. */
const METER_LOCK = 20_050;

/** One statement per batch: the machines named, those of the changed logs and orders, and those
 * whose current reading or replacement was a removed log (removing any other log cannot change
 * the highest reading after the latest replacement). A machine no longer registered loses its row. */
async function recompute(tx: TransactionSql, machines: number[], logs: number[], orders: number[], removedLogs: number[]): Promise<void> {
  if (!machines.length && !logs.length && !orders.length && !removedLogs.length) return;
  const [{ ids }] = await tx<{ ids: string[] | null }[]>`
    SELECT array_agg(DISTINCT id) AS ids FROM (
      SELECT unnest(${machines}::bigint[]) AS id
      UNION ALL SELECT id_equipo FROM rm_horometros WHERE id = ANY(${logs}::bigint[])
      UNION ALL SELECT id_equipo FROM rm_ordenes_trabajo WHERE id = ANY(${orders}::bigint[])
      UNION ALL SELECT id_equipo FROM rm_equipo_medidores
       WHERE id_horometro = ANY(${removedLogs}::bigint[]) OR id_horometro_cambio = ANY(${removedLogs}::bigint[])
    ) s`;
  if (!ids?.length) return;
  // Two transactions writing logs of one machine at once would each recompute it without the
  // other's logs, and the last to commit would win with a stale meter. A lock per machine (taken
  // in id order: no deadlock between batches) makes the second wait; its next statements then
  // see the first's logs (READ COMMITTED takes a new snapshot per statement).
  await tx`SELECT pg_advisory_xact_lock(${METER_LOCK}, id::int) FROM unnest(${ids}::bigint[]) AS id ORDER BY id`;
  await tx`DELETE FROM rm_equipo_medidores WHERE id_equipo = ANY(${ids}::bigint[])`;
  await tx`
    INSERT INTO rm_equipo_medidores (id_equipo, horometro, fuente, id_horometro, id_orden_trabajo, fecha, id_horometro_cambio, kilometraje)
    SELECT e.id, m.horometro, m.fuente, m.id_horometro, m.id_orden_trabajo, m.fecha, m.id_horometro_cambio, m.kilometraje
      FROM rm_equipos e CROSS JOIN LATERAL equipo_medidor(e.id) m
     WHERE e.id = ANY(${ids}::bigint[])`;
}

/** The meter of a machine before a shift: its readings leaving out the log being saved and every
 * log from that shift on, read in the caller's transaction; null when the machine does not exist. */
export async function meterBefore(
  tx: TransactionSql,
  options: { idEquipo: number; excludeLog: number; fecha: string; idTipoTurno: number },
): Promise<{ horometro: number; fuente: string } | null> {
  const [row] = await tx<{ horometro: number; fuente: string }[]>`
    SELECT horometro, fuente FROM equipo_medidor(${options.idEquipo}, ${options.excludeLog}, ${options.fecha}::date, ${options.idTipoTurno}::int)`;
  return row ?? null;
}
