import { describe, expect, it } from 'vitest';
import { createEventStore } from '../../../events/store';
import { rebuildProjection } from '../../../projections/rebuild';
import { inlineProjections } from '../../../projections/registry';
import { traceabilityProjection } from '../../../projections/traceability';
import { useTestDatabase } from '../../../tests/harness/db';
import { stockAsOf } from '../../api/stock/stock-as-of';
import { writePurchaseRequests } from '../purchase-requests/loadPurchaseRequestsData';
import { seedScaleStock } from './stock-movements';

// A clone of the demo data set, with scale purchase requests to drive.
const db = useTestDatabase({ demo: true });

describe('seed:scale stock movements', () => {
  it('drives approved requests through entries, transfers, receipts and issues up to the target, once; balances are the ledger sums, never negative', async () => {
    const store = createEventStore(db.sql, { inlineProjections, notify: false });
    const [{ lastRequest }] = await db.sql<{ lastRequest: number }[]>`SELECT coalesce(max(id), 0)::int AS "lastRequest" FROM rm_solicitudes_compras`;
    await writePurchaseRequests(store, { count: 300, seed: 11, batch: 100 });
    const [{ before, position }] = await db.sql<{ before: number; position: string }[]>`
      SELECT (SELECT count(*)::int FROM rm_stock_movimientos) AS before, (SELECT coalesce(max(global_position), 0)::text FROM es_events) AS position`;

    const first = await seedScaleStock(store, { target: before + 400, slice: 50 });
    expect(first.added).toBeGreaterThanOrEqual(400);
    expect(first.total).toBe(before + first.added);
    // Again with the same target: nothing is missing, nothing is added.
    expect(await seedScaleStock(store, { target: before + 400 })).toEqual({ added: 0, total: first.total });
    // A higher target drives other requests: none goes through its chain twice.
    const second = await seedScaleStock(store, { target: first.total + 150 });
    expect(second.added).toBeGreaterThanOrEqual(150);
    const [{ twice }] = await db.sql<{ twice: number }[]>`
      SELECT count(*)::int AS twice FROM (SELECT stream_id FROM es_events WHERE event_type = 'PurchaseRequestSentToSicam' GROUP BY 1 HAVING count(*) > 1) d`;
    expect(twice).toBe(0);

    // Every step of the chain happened, through the request's, the order's and the stock's deciders.
    const motivos = await db.sql<{ motivo: string }[]>`SELECT DISTINCT motivo FROM rm_stock_movimientos`;
    expect(new Set(motivos.map((m) => m.motivo))).toEqual(new Set(['ingreso_oc', 'traslado', 'recepcion', 'salida', 'stock_declarado']));
    const [states] = await db.sql<{ central: number; received: number; issued: number; lines: number; files: number }[]>`
      SELECT (SELECT count(*) FROM rm_productos_solicitados WHERE estado = 8)::int AS central,
             (SELECT count(*) FROM rm_productos_solicitados WHERE estado = 10)::int AS received,
             (SELECT count(*) FROM rm_productos_solicitados WHERE estado = 11)::int AS issued,
             (SELECT count(*) FROM rm_almacen_obra_salidas)::int AS lines,
             (SELECT count(*) FROM rm_almacen_central_entradas_archivos)::int AS files`;
    expect(states.received).toBeGreaterThan(0);
    expect(states.issued).toBeGreaterThan(0);
    expect(states.lines).toBeGreaterThan(0);
    expect(states.files).toBeGreaterThan(0);
    // Before each waybill of an order's entries, a transfer request named the order (milestone 14).
    const [asked] = await db.sql<{ requests: number; orphans: number }[]>`
      SELECT count(DISTINCT t.stream_id)::int AS requests,
             count(*) FILTER (WHERE NOT EXISTS (
               SELECT 1 FROM es_events s WHERE s.event_type = 'RequestedProductsSentToSite' AND s.occurred_at > t.occurred_at
                  AND s.stream_id = 'purchase_request-' || ltrim(substr(x->>'numero_orden_compra', 4), '0')))::int AS orphans
        FROM es_events t CROSS JOIN LATERAL jsonb_array_elements(t.data->'traslados') x
       WHERE t.event_type = 'TransferRequested' AND t.global_position > ${position}::bigint`;
    expect(asked.requests).toBeGreaterThan(0);
    expect(asked.orphans).toBe(0);

    // Each balance is the sum of its ledger, each movement starts from where the previous left it,
    // and none is below zero.
    const [sums] = await db.sql<{ balances: number; off: number; negative: number; broken: number }[]>`
      SELECT (SELECT count(*) FROM rm_stock)::int AS balances,
             (SELECT count(*) FROM rm_stock s WHERE s.saldo <> (SELECT sum(m.cantidad) FROM rm_stock_movimientos m WHERE m.id_stock = s.id_stock)
                                                OR s.movimientos <> (SELECT count(*) FROM rm_stock_movimientos m WHERE m.id_stock = s.id_stock))::int AS off,
             (SELECT count(*) FROM rm_stock_movimientos WHERE saldo < 0 OR saldo_anterior < 0)::int AS negative,
             (SELECT count(*) FROM (SELECT saldo_anterior, lag(saldo, 1, 0::numeric) OVER (PARTITION BY id_stock ORDER BY global_position) AS prev
                                      FROM rm_stock_movimientos) x WHERE x.saldo_anterior <> x.prev)::int AS broken`;
    expect(sums.balances).toBeGreaterThan(0);
    expect(sums).toMatchObject({ off: 0, negative: 0, broken: 0 });
    // Back-dated as the steps happened: the as-of balances summed from the events at every
    // movement's own instant never go below zero, and now they equal the balances on hand.
    const now = await stockAsOf(db.sql, new Date(Date.now() + 60_000), {}, { limit: 100_000, offset: 0 });
    const live = await db.sql<{ id_stock: number; saldo: string }[]>`SELECT id_stock::int, saldo::numeric(14, 4)::text AS saldo FROM rm_stock WHERE movimientos > 0`;
    expect(new Map(now.items.map((b) => [b.id_stock, Number(b.saldo)]))).toEqual(new Map(live.map((b) => [b.id_stock, Number(b.saldo)])));
    const [{ below }] = await db.sql<{ below: number }[]>`
      SELECT count(*)::int AS below FROM (
        SELECT sum((data->>'cantidad')::numeric) OVER (PARTITION BY stream_id ORDER BY occurred_at, version) AS saldo
          FROM es_events WHERE stream_type = 'stock') x WHERE x.saldo < 0`;
    expect(below).toBe(0);

    // Traceability (issue 18): the scale chains reach every milestone, services and created
    // materials included, and each order's milestones of a scale request come in their order.
    await rebuildProjection(db.sql, store, traceabilityProjection, 'async');
    const reached = await db.sql<{ hito: number; ordenes: number }[]>`
      SELECT h.hito::int, count(*)::int AS ordenes FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.fechas) WITH ORDINALITY h(fecha, hito)
       WHERE h.fecha IS NOT NULL GROUP BY 1 ORDER BY 1`;
    expect(reached.map((r) => r.hito)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    // The demo's orders too: no request precedes its order.
    const [chains] = await db.sql<{ orders: number; backwards: number; demoBackwards: number; longest: number }[]>`
      WITH scale AS (SELECT t.* FROM rm_trazabilidad t WHERE t.id_orden_trabajo IN (SELECT id_orden_trabajo FROM rm_trazabilidad_solicitudes WHERE id_solicitud > ${lastRequest})),
           every AS (SELECT t.id_orden_trabajo, h.hito, h.fecha, lag(h.fecha) OVER (PARTITION BY t.id_orden_trabajo ORDER BY h.hito) AS previa
                       FROM rm_trazabilidad t CROSS JOIN LATERAL unnest(t.fechas) WITH ORDINALITY h(fecha, hito) WHERE h.fecha IS NOT NULL),
           steps AS (SELECT s.id_orden_trabajo, h.hito, h.fecha, lag(h.fecha) OVER (PARTITION BY s.id_orden_trabajo ORDER BY h.hito) AS previa
                       FROM scale s CROSS JOIN LATERAL unnest(s.fechas) WITH ORDINALITY h(fecha, hito) WHERE h.fecha IS NOT NULL)
      SELECT (SELECT count(*) FROM scale)::int AS orders,
             (SELECT count(*) FROM steps WHERE fecha < previa)::int AS backwards,
             (SELECT count(*) FROM every WHERE fecha < previa)::int AS "demoBackwards",
             (SELECT max(n) FROM (SELECT count(*) AS n FROM steps GROUP BY id_orden_trabajo) x)::int AS longest`;
    expect(chains.orders).toBeGreaterThan(0);
    expect(chains.backwards).toBe(0);
    expect(chains.demoBackwards).toBe(0);
    expect(chains.longest).toBeGreaterThanOrEqual(12);
  }, 240_000);
});
