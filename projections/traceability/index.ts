import type { TransactionSql } from 'postgres';
import { eventInfo } from '../../events/catalogues';
import { minutesBetween } from '../../shared/lead-time';
import type { AsyncProjection } from '../types';

/** The milestone an event reaches (the catalogue's declaration), for a request of `tipo`. */
export function milestoneOf(type: string, tipo: string | null): number | null {
  const m = eventInfo(type)?.milestone;
  if (m === undefined) return null;
  if (typeof m === 'number') return m;
  return tipo === 'servicio' ? m.servicio : m.compra;
}

type Row = {
  id_orden_trabajo: number; codigo: string; id_obra: number | null; estado_ot: number; fecha_apertura_ot: string | null; fecha_cierre_ot: string | null;
  apertura: string | null; gf: number[]; tipo_solicitud: string | null; fechas: (Date | null)[]; ultimas: (Date | null)[]; veces: number[]; minutos: (number | null)[];
};

const blank = (id: number): Row => ({
  id_orden_trabajo: id, codigo: '', id_obra: null, estado_ot: 1, fecha_apertura_ot: null, fecha_cierre_ot: null, apertura: null, gf: [], tipo_solicitud: null,
  fechas: Array(18).fill(null), ultimas: Array(18).fill(null), veces: Array(18).fill(0), minutos: Array(18).fill(null),
});

/** Each reached milestone's minutes since the previous reached one (in milestone order), rounded
 * up and never negative; the first reached lasts 0. */
export function durations(fechas: (Date | null)[]): (number | null)[] {
  let previous: Date | null = null;
  return fechas.map((f) => {
    if (!f) return null;
    const d = previous ? minutesBetween(previous, f) : 0;
    previous = f;
    return d;
  });
}

/** Events the projection reads besides the milestones: who an order is, its lines' groups, its
 * state, which order a request is for, which request an order number belongs to. */
const INFO = new Set(['WorkOrderOpened', 'WorkOrderDetailsChanged', 'WorkOrderLineAdded', 'WorkOrderLineChanged', 'WorkOrderCancelled', 'PurchaseRequestCreated', 'PurchaseRequestDrafted']);

const dayOf = (wallClock: string | null) => (wallClock && /^\d{4}-\d{2}-\d{2}/.test(wallClock) ? wallClock.slice(0, 10) : null);

/** Async (rebuildable): one row per work order with its 18 milestones (rm_trazabilidad), from the
 * milestone events of the OT, request and transfer-request streams. A request's events reach its
 * order's milestones through the request → order map this projection keeps; a transfer request
 * (which names purchase-order numbers) reaches the orders of the requests those numbers belong to.
 * A milestone's time is its first occurrence (`occurredAt`: when it happened, which the demo and
 * the scale data back-date); the last and a count are kept too. */
export const traceabilityProjection: AsyncProjection = {
  name: 'traceability',
  batchSize: 2000,
  handles: (e) => INFO.has(e.type) || eventInfo(e.type)?.milestone !== undefined,
  async apply(tx, events) {
    const rows = new Map<number, Row>();
    const requests = new Map<number, { ot: number | null; tipo: string }>();
    const newRequests = new Map<number, { ot: number | null; tipo: string }>();
    const orderNumbers: { numero_orden: string; id_solicitud: number }[] = [];

    const orderIds = new Set<number>();
    const requestIds = new Set<number>();
    for (const e of events) {
      const d = e.data;
      if (e.streamType === 'work_order') orderIds.add(Number(d.id));
      else if (e.streamType === 'purchase_request') requestIds.add(Number(d.id));
    }
    if (requestIds.size) {
      for (const r of await tx<{ id_solicitud: number; id_orden_trabajo: number | null; tipo: string }[]>`
        SELECT id_solicitud::int, id_orden_trabajo::int, tipo FROM rm_trazabilidad_solicitudes WHERE id_solicitud IN ${tx([...requestIds])}`) {
        requests.set(r.id_solicitud, { ot: r.id_orden_trabajo, tipo: r.tipo });
        if (r.id_orden_trabajo) orderIds.add(r.id_orden_trabajo);
      }
    }
    if (orderIds.size) {
      for (const r of await tx<Row[]>`SELECT id_orden_trabajo::int, codigo, id_obra::int, estado_ot::int, fecha_apertura_ot, fecha_cierre_ot, apertura::text, gf::int[], tipo_solicitud, to_json(fechas) AS fechas, to_json(ultimas) AS ultimas, to_json(veces) AS veces, to_json(minutos) AS minutos FROM rm_trazabilidad WHERE id_orden_trabajo IN ${tx([...orderIds])}`) {
        rows.set(r.id_orden_trabajo, { ...r, gf: r.gf.map(Number) });
      }
    }
    const rowOf = async (id: number) => {
      let r = rows.get(id);
      if (!r) {
        const [found] = await tx<Row[]>`SELECT id_orden_trabajo::int, codigo, id_obra::int, estado_ot::int, fecha_apertura_ot, fecha_cierre_ot, apertura::text, gf::int[], tipo_solicitud, to_json(fechas) AS fechas, to_json(ultimas) AS ultimas, to_json(veces) AS veces, to_json(minutos) AS minutos FROM rm_trazabilidad WHERE id_orden_trabajo = ${id}`;
        r = found ? { ...found, gf: found.gf.map(Number) } : blank(id);
        rows.set(id, r);
      }
      return r;
    };
    const requestOf = async (id: number) => {
      let r = requests.get(id);
      if (!r) {
        const [found] = await tx<{ id_orden_trabajo: number | null; tipo: string }[]>`SELECT id_orden_trabajo::int, tipo FROM rm_trazabilidad_solicitudes WHERE id_solicitud = ${id}`;
        r = found ? { ot: found.id_orden_trabajo, tipo: found.tipo } : undefined;
        if (r) requests.set(id, r);
      }
      return r;
    };
    const setRequest = (id: number, ot: number | null, tipo: string) => {
      const known = requests.get(id);
      const next = { ot: ot ?? known?.ot ?? null, tipo: tipo || known?.tipo || 'compra' };
      requests.set(id, next);
      newRequests.set(id, next);
    };
    const mark = (r: Row, n: number, at: Date) => {
      const i = n - 1;
      const first = r.fechas[i];
      if (!first || at < new Date(first)) r.fechas[i] = at;
      const last = r.ultimas[i];
      if (!last || at > new Date(last)) r.ultimas[i] = at;
      r.veces[i] += 1;
    };
    const addGf = (r: Row, gf: unknown) => {
      const n = Number(gf);
      if (Number.isInteger(n) && n > 0 && !r.gf.includes(n)) r.gf = [...r.gf, n].sort((a, b) => a - b);
    };

    for (const e of events) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read untyped until projections read typed events
      const d = e.data as Record<string, any>;
      if (e.streamType === 'work_order') {
        const r = await rowOf(Number(d.id));
        switch (e.type) {
          case 'WorkOrderOpened':
            r.codigo = String(d.codigo ?? '');
            r.id_obra = d.header?.id_obra ?? null;
            r.fecha_apertura_ot = d.header?.fecha_apertura_ot || null;
            r.fecha_cierre_ot = d.header?.fecha_cierre_ot || null;
            r.apertura = dayOf(r.fecha_apertura_ot);
            break;
          case 'WorkOrderDetailsChanged': {
            const c = d.changes ?? {};
            if (c.id_obra) r.id_obra = c.id_obra.to ?? null;
            if (c.fecha_apertura_ot) {
              r.fecha_apertura_ot = c.fecha_apertura_ot.to || null;
              r.apertura = dayOf(r.fecha_apertura_ot);
            }
            if (c.fecha_cierre_ot) r.fecha_cierre_ot = c.fecha_cierre_ot.to || null;
            break;
          }
          case 'WorkOrderLineAdded':
            addGf(r, d.line?.id_grupo_funcional);
            break;
          case 'WorkOrderLineChanged':
            addGf(r, d.changes?.id_grupo_funcional?.to);
            break;
          case 'WorkOrderCancelled':
            r.estado_ot = 2;
            break;
          case 'WorkOrderClosed':
            r.estado_ot = 3;
            break;
          case 'WorkOrderRequestLinked':
            setRequest(Number(d.request.id), r.id_orden_trabajo, d.request.tipo);
            r.tipo_solicitud = d.request.tipo;
            break;
        }
        const n = milestoneOf(e.type, e.type === 'WorkOrderRequestLinked' ? d.request.tipo : null);
        if (n) mark(r, n, e.occurredAt);
      } else if (e.streamType === 'purchase_request') {
        const id = Number(d.id);
        if (e.type === 'PurchaseRequestCreated') setRequest(id, d.id_orden_trabajo ?? null, d.tipo);
        else if (e.type === 'PurchaseRequestDrafted') setRequest(id, d.id_orden_trabajo ?? null, d.tipo ?? 'servicio');
        if ((e.type === 'PurchaseOrderSentForApproval' || e.type === 'PurchaseOrderApproved') && d.numero_orden) {
          orderNumbers.push({ numero_orden: String(d.numero_orden).toUpperCase(), id_solicitud: id });
        }
        const req = await requestOf(id);
        if (e.type === 'PurchaseRequestCreated' && req?.ot && d.fields?.id_grupo_funcional) addGf(await rowOf(req.ot), d.fields.id_grupo_funcional);
        const n = milestoneOf(e.type, req?.tipo ?? null);
        if (n && req?.ot) mark(await rowOf(req.ot), n, e.occurredAt);
      } else if (e.type === 'TransferRequested') {
        const numbers = [...new Set((d.traslados as { numero_orden_compra: string }[]).map((t) => String(t.numero_orden_compra).toUpperCase()))];
        const known = orderNumbers.filter((o) => numbers.includes(o.numero_orden)).map((o) => o.id_solicitud);
        const stored = numbers.length
          ? (await tx<{ id_solicitud: number }[]>`SELECT id_solicitud::int FROM rm_trazabilidad_ordenes_compra WHERE numero_orden IN ${tx(numbers)}`).map((x) => x.id_solicitud)
          : [];
        for (const idSolicitud of new Set([...known, ...stored])) {
          const req = await requestOf(idSolicitud);
          if (req?.ot) mark(await rowOf(req.ot), 14, e.occurredAt);
        }
      }
    }

    if (newRequests.size) {
      const list = [...newRequests].map(([id_solicitud, r]) => ({ id_solicitud, id_orden_trabajo: r.ot, tipo: r.tipo }));
      await tx`INSERT INTO rm_trazabilidad_solicitudes ${tx(list)}
        ON CONFLICT (id_solicitud) DO UPDATE SET id_orden_trabajo = coalesce(excluded.id_orden_trabajo, rm_trazabilidad_solicitudes.id_orden_trabajo), tipo = excluded.tipo`;
    }
    if (orderNumbers.length) {
      const unique = [...new Map(orderNumbers.map((o) => [`${o.numero_orden}\u0000${o.id_solicitud}`, o])).values()];
      await tx`INSERT INTO rm_trazabilidad_ordenes_compra ${tx(unique)} ON CONFLICT DO NOTHING`;
    }
    await writeRows(tx, [...rows.values()]);
  },
  async reset(tx) {
    await tx`TRUNCATE rm_trazabilidad, rm_trazabilidad_hitos, rm_trazabilidad_solicitudes, rm_trazabilidad_ordenes_compra`;
  },
  afterCommit(events, publish) {
    const orders = new Set<number>();
    for (const e of events) if (e.streamType === 'work_order') orders.add(Number((e.data as { id: number }).id));
    publish([{ topic: 'traceability' }, ...[...orders].slice(0, 200).map((id) => ({ topic: `traceability:${id}` }))]);
  },
};

async function writeRows(tx: TransactionSql, rows: Row[]) {
  if (!rows.length) return;
  const out = rows.map((r) => ({
    id_orden_trabajo: r.id_orden_trabajo, codigo: r.codigo, id_obra: r.id_obra, estado_ot: r.estado_ot, fecha_apertura_ot: r.fecha_apertura_ot,
    fecha_cierre_ot: r.fecha_cierre_ot, apertura: r.apertura, gf: r.gf, tipo_solicitud: r.tipo_solicitud,
    fechas: r.fechas.map((f) => (f ? new Date(f).toISOString() : null)), ultimas: r.ultimas.map((f) => (f ? new Date(f).toISOString() : null)),
    veces: r.veces, minutos: durations(r.fechas.map((f) => (f ? new Date(f) : null))),
  }));
  await tx`
    INSERT INTO rm_trazabilidad (id_orden_trabajo, codigo, id_obra, estado_ot, fecha_apertura_ot, fecha_cierre_ot, apertura, gf, tipo_solicitud, fechas, ultimas, veces, minutos)
    SELECT x.id_orden_trabajo, x.codigo, x.id_obra, x.estado_ot, x.fecha_apertura_ot, x.fecha_cierre_ot, x.apertura::date,
           ARRAY(SELECT jsonb_array_elements_text(x.gf)::bigint), x.tipo_solicitud,
           ARRAY(SELECT (v #>> '{}')::timestamptz FROM jsonb_array_elements(x.fechas) WITH ORDINALITY AS a(v, i) ORDER BY i),
           ARRAY(SELECT (v #>> '{}')::timestamptz FROM jsonb_array_elements(x.ultimas) WITH ORDINALITY AS a(v, i) ORDER BY i),
           ARRAY(SELECT (v #>> '{}')::int FROM jsonb_array_elements(x.veces) WITH ORDINALITY AS a(v, i) ORDER BY i),
           ARRAY(SELECT (v #>> '{}')::int FROM jsonb_array_elements(x.minutos) WITH ORDINALITY AS a(v, i) ORDER BY i)
      FROM jsonb_to_recordset(${tx.json(out)}) AS x(id_orden_trabajo bigint, codigo text, id_obra bigint, estado_ot smallint, fecha_apertura_ot text,
           fecha_cierre_ot text, apertura text, gf jsonb, tipo_solicitud text, fechas jsonb, ultimas jsonb, veces jsonb, minutos jsonb)
    ON CONFLICT (id_orden_trabajo) DO UPDATE SET codigo = excluded.codigo, id_obra = excluded.id_obra, estado_ot = excluded.estado_ot,
      fecha_apertura_ot = excluded.fecha_apertura_ot, fecha_cierre_ot = excluded.fecha_cierre_ot, apertura = excluded.apertura, gf = excluded.gf,
      tipo_solicitud = excluded.tipo_solicitud, fechas = excluded.fechas, ultimas = excluded.ultimas, veces = excluded.veces, minutos = excluded.minutos`;
  // The report's narrow rows (migrations/0043): each written order's reached milestones, replaced.
  const ids = rows.map((r) => r.id_orden_trabajo);
  await tx`DELETE FROM rm_trazabilidad_hitos WHERE id_orden_trabajo = ANY(${ids}::bigint[])`;
  await tx`
    INSERT INTO rm_trazabilidad_hitos (id_orden_trabajo, k, minutos, apertura, id_obra, estado_ot, gf)
    SELECT t.id_orden_trabajo, u.k, u.m, t.apertura, t.id_obra, t.estado_ot, t.gf
      FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.minutos) WITH ORDINALITY AS u(m, k)
     WHERE t.id_orden_trabajo = ANY(${ids}::bigint[]) AND u.m IS NOT NULL`;
}
