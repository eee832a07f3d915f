import type { TransactionSql } from 'postgres';
import type { FieldChange } from '@shared/diff';
import { splitPendingKey } from '@shared/currency';
import { wallClockAt } from '@shared/time';
import { TIPOS_TURNO } from '@shared/hour-meter-window';
import { isEventOf } from '../../events/event-of';
import { stockCatalogue } from '../../events/stock/catalogue';
import type { StockEvent } from '../../events/stock/types';
import type { AsyncProjection } from '../types';
import { roundQty } from '@shared/quantity';

// Issue 19: the cost and hour inputs of the KPI reports per equipment × site × month
// (rm_kpi_equipo_mes), from three detail tables this projection keeps from the events alone:
// work orders (rm_kpi_ordenes), hour-meter logs (rm_kpi_horometros) and parts issued to work
// orders by the stock ledger (rm_kpi_repuestos). Every batch rewrites the month rows it touched
// from the detail tables, so an order whose machine, site, type or dates change moves its figures
// with it. The formulas read these rows: docs/modules/reports.md, shared/kpi-formulas.ts.

type Key = { id_equipo: number; id_obra: number; mes: string };

/** 'YYYY-MM-DD…' → the first day of its month; null when not a date. */
export function monthOf(day: string | null | undefined): string | null {
  return day && /^\d{4}-\d{2}-\d{2}/.test(day) ? `${day.slice(0, 7)}-01` : null;
}

/** The month, in Lima, of an instant. */
function monthAt(instant: Date): string {
  const w = wallClockAt(instant);
  return `${w.year}-${String(w.month).padStart(2, '0')}-01`;
}

/** Hours from one 'YYYY-MM-DD HH:MM' wall clock to another; null when either is missing or the
 * restart comes before the stop (a half-filled form). */
export function repairHours(parada: string | null, puesta: string | null): number | null {
  if (!parada || !puesta) return null;
  const at = (w: string) => Date.parse(`${w.slice(0, 10)}T${w.slice(11, 16) || '00:00'}:00Z`);
  const ms = at(puesta) - at(parada);
  return Number.isFinite(ms) && ms >= 0 ? ms / 3_600_000 : null;
}

/** The shift's scheduled hours H of a log (the fixed shift list, events/hour-meter/window.ts). */
const SHIFT_HOURS_SQL = `(CASE h.id_tipo_turno ${TIPOS_TURNO.map((t) => `WHEN ${t.id} THEN ${t.horas}`).join(' ')} ELSE 12 END)`;

const ORDER_FIELDS = ['id_obra', 'id_equipo', 'id_tipo_mantenimiento', 'fecha_apertura_ot', 'fecha_parada', 'fecha_puesta_marcha'] as const;
const LOG_FIELDS = ['id_equipo', 'id_obra', 'fecha', 'id_tipo_turno', 'h_inicio', 'h_fin', 'falla_neta'] as const;

type OrderRow = {
  id_orden_trabajo: number; codigo: string; id_obra: number | null; id_equipo: number | null; id_tipo_mantenimiento: number; estado: number;
  fecha_apertura_ot: string | null; fecha_parada: string | null; fecha_puesta_marcha: string | null;
};

export const kpisProjection: AsyncProjection = {
  name: 'kpis',
  batchSize: 2000,
  handles: (e) =>
    (e.streamType === 'work_order' && (e.type === 'WorkOrderOpened' || e.type === 'WorkOrderDetailsChanged' || e.type === 'WorkOrderCancelled' || e.type === 'WorkOrderClosed')) ||
    (e.streamType === 'horometro' && e.type.startsWith('Record')) ||
    (e.type === 'StockMoved' && (e.data as { motivo?: string }).motivo === 'salida' && (e.data as { id_orden_trabajo?: number | null }).id_orden_trabajo != null),
  async apply(tx, events) {
    const touched = new Map<string, Key>();
    const touch = (id_equipo: unknown, id_obra: unknown, mes: string | null) => {
      if (id_equipo == null || id_obra == null || !mes) return;
      const k = { id_equipo: Number(id_equipo), id_obra: Number(id_obra), mes };
      touched.set(`${k.id_equipo}:${k.id_obra}:${k.mes}`, k);
    };
    /** Every month an order's figures sit in under its current machine and site: its opening
     * month and the months its parts were issued. */
    const touchOrder = async (id: number) => {
      const rows = await tx<{ id_equipo: number | null; id_obra: number | null; mes: string }[]>`
        SELECT o.id_equipo::int, o.id_obra::int, to_char(m.mes, 'YYYY-MM-DD') AS mes
          FROM rm_kpi_ordenes o
          CROSS JOIN LATERAL (SELECT o.mes UNION SELECT DISTINCT p.mes FROM rm_kpi_repuestos p WHERE p.id_orden_trabajo = o.id_orden_trabajo) m
         WHERE o.id_orden_trabajo = ${id} AND m.mes IS NOT NULL`;
      for (const r of rows) touch(r.id_equipo, r.id_obra, r.mes);
    };

    // New logs (most of the log's events) go in as one multi-row INSERT per run; anything else
    // first writes the run, so events still apply in order.
    let newLogs: Record<string, unknown>[] = [];
    const flushLogs = async () => {
      if (!newLogs.length) return;
      const rows = newLogs;
      newLogs = [];
      await tx`INSERT INTO rm_kpi_horometros ${tx(rows)} ON CONFLICT (id) DO NOTHING`;
    };

    for (const e of events) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read untyped until projections read typed events
      const d = e.data as Record<string, any>;
      if (e.streamType === 'horometro' && e.type === 'RecordCreated') {
        const f = d.fields ?? {};
        const fecha = String(f.fecha ?? '').slice(0, 10);
        const row = {
          id: Number(d.id), id_equipo: f.id_equipo, id_obra: f.id_obra, fecha, mes: monthOf(fecha), id_tipo_turno: f.id_tipo_turno, h_inicio: f.h_inicio,
          h_fin: f.h_fin, falla_neta: f.falla_neta ?? 0, estado: f.estado === 0 ? 0 : 1,
        };
        newLogs.push(row);
        touch(row.id_equipo, row.id_obra, row.mes);
        if (newLogs.length >= 5000) await flushLogs();
        continue;
      }
      await flushLogs();
      if (e.streamType === 'work_order') {
        const id = Number(d.id);
        if (e.type === 'WorkOrderOpened') {
          const h = d.header ?? {};
          const row: OrderRow = {
            id_orden_trabajo: id, codigo: String(d.codigo ?? ''), id_obra: h.id_obra ?? null, id_equipo: h.id_equipo ?? null,
            id_tipo_mantenimiento: Number(h.id_tipo_mantenimiento ?? 2), estado: 1, fecha_apertura_ot: h.fecha_apertura_ot || null,
            fecha_parada: h.fecha_parada || null, fecha_puesta_marcha: h.fecha_puesta_marcha || null,
          };
          await writeOrder(tx, row, true);
          touch(row.id_equipo, row.id_obra, monthOf(row.fecha_apertura_ot));
        } else if (e.type === 'WorkOrderDetailsChanged') {
          const changes = (d.changes ?? {}) as Record<string, FieldChange>;
          if (!ORDER_FIELDS.some((f) => f in changes)) continue;
          const [row] = await tx<OrderRow[]>`SELECT id_orden_trabajo::int, codigo, id_obra::int, id_equipo::int, id_tipo_mantenimiento::int, estado::int,
            fecha_apertura_ot, fecha_parada, fecha_puesta_marcha FROM rm_kpi_ordenes WHERE id_orden_trabajo = ${id}`;
          if (!row) continue;
          // Its figures leave the months they were in and go where the order now says.
          await touchOrder(id);
          for (const f of ORDER_FIELDS) if (f in changes) (row as Record<string, unknown>)[f] = changes[f].to === '' ? null : changes[f].to;
          await writeOrder(tx, row, false);
          await touchOrder(id);
        } else {
          // The state counts only in the opening month (parts cost whatever the state).
          const rows = await tx<{ id_equipo: number | null; id_obra: number | null; mes: string | null }[]>`
            UPDATE rm_kpi_ordenes SET estado = ${e.type === 'WorkOrderCancelled' ? 2 : 3} WHERE id_orden_trabajo = ${id}
            RETURNING id_equipo::int, id_obra::int, to_char(mes, 'YYYY-MM-DD') AS mes`;
          for (const r of rows) touch(r.id_equipo, r.id_obra, r.mes);
        }
      } else if (e.streamType === 'horometro') {
        const id = Number(d.id);
        const [before] = await tx<{ id_equipo: number; id_obra: number; mes: string }[]>`
          SELECT id_equipo::int, id_obra::int, to_char(mes, 'YYYY-MM-DD') AS mes FROM rm_kpi_horometros WHERE id = ${id}`;
        if (before) touch(before.id_equipo, before.id_obra, before.mes);
        switch (e.type) {
          case 'RecordUpdated': {
            const changes = (d.changes ?? {}) as Record<string, FieldChange>;
            const set: Record<string, unknown> = {};
            for (const c of LOG_FIELDS) if (c in changes) set[c] = changes[c].to;
            if ('fecha' in set) {
              set.fecha = String(set.fecha).slice(0, 10);
              set.mes = monthOf(set.fecha as string);
            }
            if ('estado' in changes) set.estado = changes.estado.to === 0 ? 0 : 1;
            if (Object.keys(set).length) await tx`UPDATE rm_kpi_horometros SET ${tx(set)} WHERE id = ${id}`;
            break;
          }
          case 'RecordEnabled':
          case 'RecordDisabled':
            await tx`UPDATE rm_kpi_horometros SET estado = ${e.type === 'RecordEnabled' ? 1 : 0} WHERE id = ${id}`;
            break;
          case 'RecordRemoved':
            await tx`DELETE FROM rm_kpi_horometros WHERE id = ${id}`;
            break;
        }
        const [after] = await tx<{ id_equipo: number; id_obra: number; mes: string }[]>`
          SELECT id_equipo::int, id_obra::int, to_char(mes, 'YYYY-MM-DD') AS mes FROM rm_kpi_horometros WHERE id = ${id}`;
        if (after) touch(after.id_equipo, after.id_obra, after.mes);
      } else if (isEventOf<StockEvent>(stockCatalogue, e)) {
        // A site issue's exit: the quantity leaves (cantidad < 0) at the balance's average cost.
        const m = e.data;
        const cantidad = -m.cantidad;
        const importe = roundQty(cantidad * m.costo_unitario);
        const mes = monthAt(e.occurredAt);
        await tx`INSERT INTO rm_kpi_repuestos ${tx({
          global_position: e.globalPosition, id_orden_trabajo: m.id_orden_trabajo, fecha: e.occurredAt, mes, codigo: m.codigo, cantidad, importe,
        })} ON CONFLICT (global_position) DO NOTHING`;
        // Issue 19: the share of its cost in other currencies without a rate when it left; the
        // reports value it at read time with its month's rate (kpi_equipo_mes_valorado).
        const pending = Object.entries(m.sin_tipo_cambio ?? {}).map(([k, monto]) => {
          const { moneda, mes: mesCambio } = splitPendingKey(k);
          return { global_position: e.globalPosition, id_orden_trabajo: m.id_orden_trabajo, mes, moneda, mes_cambio: mesCambio, monto: -monto };
        });
        if (pending.length) await tx`INSERT INTO rm_kpi_repuestos_moneda ${tx(pending)} ON CONFLICT DO NOTHING`;
        const [o] = await tx<{ id_equipo: number | null; id_obra: number | null }[]>`SELECT id_equipo::int, id_obra::int FROM rm_kpi_ordenes WHERE id_orden_trabajo = ${m.id_orden_trabajo}`;
        if (o) touch(o.id_equipo, o.id_obra, mes);
      }
    }
    await flushLogs();
    await rewriteMonths(tx, [...touched.values()]);
  },
  async reset(tx) {
    await tx`TRUNCATE rm_kpi_ordenes, rm_kpi_horometros, rm_kpi_repuestos, rm_kpi_repuestos_moneda, rm_kpi_equipo_mes`;
  },
  afterCommit(_events, publish) {
    publish([{ topic: 'kpis' }]);
  },
};

async function writeOrder(tx: TransactionSql, row: OrderRow, insert: boolean) {
  const full = { ...row, mes: monthOf(row.fecha_apertura_ot), horas_reparacion: repairHours(row.fecha_parada, row.fecha_puesta_marcha) };
  if (insert) await tx`INSERT INTO rm_kpi_ordenes ${tx(full)} ON CONFLICT (id_orden_trabajo) DO NOTHING`;
  else await tx`UPDATE rm_kpi_ordenes SET ${tx(full)} WHERE id_orden_trabajo = ${row.id_orden_trabajo}`;
}

/** Replaces the month rows of `keys` with the sums of the detail tables (a key left with nothing
 * has no row). Cancelled orders count neither as orders nor as repairs; their issued parts still
 * cost (the parts left the warehouse). Corrective = MC (2) and MCD (3). */
async function rewriteMonths(tx: TransactionSql, keys: Key[]) {
  if (!keys.length) return;
  const k = tx.json(keys);
  await tx`DELETE FROM rm_kpi_equipo_mes m USING jsonb_to_recordset(${k}) AS k(id_equipo bigint, id_obra bigint, mes date)
            WHERE m.id_equipo = k.id_equipo AND m.id_obra = k.id_obra AND m.mes = k.mes`;
  await tx.unsafe(
    `INSERT INTO rm_kpi_equipo_mes (id_equipo, id_obra, mes, registros, horas_programadas, horas_trabajadas, horas_standby, horas_reparacion,
       ots_mp, ots_mc, ots_mcd, reparaciones, horas_reparacion_ot, repuestos, costo_mp, costo_mc, costo_mcd)
     SELECT k.id_equipo, k.id_obra, k.mes, coalesce(h.n, 0), coalesce(h.hp, 0), coalesce(h.w, 0), coalesce(h.s, 0), coalesce(h.r, 0),
            coalesce(o.mp, 0), coalesce(o.mc, 0), coalesce(o.mcd, 0), coalesce(o.rep, 0), coalesce(o.hrep, 0),
            coalesce(c.n, 0), coalesce(c.mp, 0), coalesce(c.mc, 0), coalesce(c.mcd, 0)
       FROM jsonb_to_recordset($1::jsonb) AS k(id_equipo bigint, id_obra bigint, mes date)
       LEFT JOIN LATERAL (
         SELECT count(*) AS n, sum(${SHIFT_HOURS_SQL}) AS hp, sum(h.h_fin - h.h_inicio) AS w, sum(h.falla_neta) AS r,
                sum(greatest(${SHIFT_HOURS_SQL} - (h.h_fin - h.h_inicio) - h.falla_neta, 0)) AS s
           FROM rm_kpi_horometros h WHERE h.id_equipo = k.id_equipo AND h.id_obra = k.id_obra AND h.mes = k.mes AND h.estado = 1
       ) h ON true
       LEFT JOIN LATERAL (
         SELECT count(*) AS n, count(*) FILTER (WHERE o.id_tipo_mantenimiento = 1) AS mp, count(*) FILTER (WHERE o.id_tipo_mantenimiento = 2) AS mc,
                count(*) FILTER (WHERE o.id_tipo_mantenimiento = 3) AS mcd,
                count(*) FILTER (WHERE o.id_tipo_mantenimiento IN (2, 3) AND o.horas_reparacion IS NOT NULL) AS rep,
                sum(o.horas_reparacion) FILTER (WHERE o.id_tipo_mantenimiento IN (2, 3)) AS hrep
           FROM rm_kpi_ordenes o WHERE o.id_equipo = k.id_equipo AND o.id_obra = k.id_obra AND o.mes = k.mes AND o.estado <> 2
       ) o ON true
       LEFT JOIN LATERAL (
         SELECT count(*) AS n, sum(p.importe) FILTER (WHERE o.id_tipo_mantenimiento = 1) AS mp, sum(p.importe) FILTER (WHERE o.id_tipo_mantenimiento = 2) AS mc,
                sum(p.importe) FILTER (WHERE o.id_tipo_mantenimiento = 3) AS mcd
           FROM rm_kpi_ordenes o JOIN rm_kpi_repuestos p ON p.id_orden_trabajo = o.id_orden_trabajo AND p.mes = k.mes
          WHERE o.id_equipo = k.id_equipo AND o.id_obra = k.id_obra
       ) c ON true
      WHERE coalesce(h.n, 0) + coalesce(o.n, 0) + coalesce(c.n, 0) > 0`,
    [tx.json(keys)],
  );
}
