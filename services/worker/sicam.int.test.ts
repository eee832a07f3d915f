import type { SendOptions } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandRejected } from '../../events/errors';
import { execute, executeOn } from '../../events/execute';
import { ProductState } from '@shared/purchase-request-codes';
import { MSG_ALREADY_SENT, MSG_NOT_IN_SICAM, purchaseRequests } from '../../events/purchase-request/decider';
import { useTestDatabase } from '../../tests/harness/db';
import { countOfType as count, eventTotal, streamEvents, streamTypes } from '../../tests/harness/event-log';
import { waitFor } from '../../tests/harness/wait';
import { startSicamSim, type SicamSimServer } from '../sicam-sim/server';
import { priceOf } from '../sicam-sim/sim';
import { createBoss, type Boss } from '../shared/boss';
import { createLogger } from '../shared/logger';
import { createSicamClient, type SicamClient } from '../shared/sicam-client';
import {
  approvalKeyOf, enqueueSicamPush, MSG_PUSH_INTERRUPTED, pullSicamStatus, resendToSicam, runSicamPush, SICAM_PUSH_FAILED_QUEUE,
  SICAM_PUSH_QUEUE, startSicamWorker,
} from '../app/jobs/sicam';
import { ensureQueues } from './worker';

const db = useTestDatabase();
let boss: Boss;
let sim: SicamSimServer;
let sicam: SicamClient;
const log = createLogger({}, true);
const deps = () => ({ store: db.store, boss, sicam, log });

/** Quick retries for tests: no backoff, the worker picks the retry up at its next poll. */
const fast: SendOptions = { retryDelay: 0, retryBackoff: false };

beforeAll(async () => {
  sim = await startSicamSim({
    knobs: { latencyMs: 0, failRate: 0, failNext: 0, loseReplyRate: 0, outage: false, approvalAfterS: -1, approvedAfterS: -1, materialsAfterS: -1 },
  });
  sicam = createSicamClient({ url: sim.url, timeoutMs: 2000 });
  boss = createBoss(db.sql, { supervise: false });
  await boss.start();
  await ensureQueues(boss);
  // The periodic pull is left to its own slot (an hour): the tests pull when they choose to.
  await startSicamWorker(boss, { store: db.store, sicam, log }, { pollSeconds: 3600 });
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await sim?.close();
});

const codigoOf = (id: number) => `OB1-SC-${String(id).padStart(6, '0')}`;
const productIds = (id: number) => [id * 10 + 1, id * 10 + 2];

function bodyOf(id: number, productos = true) {
  return {
    codigo: codigoOf(id),
    tipo: 'compra',
    productos: productos
      ? productIds(id).map((p, i) => ({ id_producto_solicitado: p, codigo_material: `MAT-${i + 1}`, descripcion: `Repuesto ${i + 1}`, unidad: 'UND', cantidad: i + 1 }))
      : [],
  };
}

/** A compra through the real commands up to pending approval (4). */
async function pendingApproval(): Promise<number> {
  const { value: id } = await execute(db.store, async (c) => {
    const id = await c.nextId('purchase_request');
    c.start(purchaseRequests, id).decide({
      type: 'CreateRequest', id, codigo: codigoOf(id), tipo: 'compra', idObra: 1, idOrdenTrabajo: null, fields: { descripcion_trabajo: 'Filtros' },
      productos: productIds(id).map((p) => ({ id: p, id_material: 7, cantidad: 2 })), by: 1,
    });
    return id;
  });
  await executeOn(db.store, purchaseRequests, id, { type: 'SendRequest', id, by: 1 });
  await executeOn(db.store, purchaseRequests, id, { type: 'AttendByCentral', id, leftToBuy: true, by: 2 });
  return id;
}

/** `aprobar`: 4 → 5 and the push queued in the same transaction. */
async function approve(id: number, options: { body?: Record<string, unknown>; push?: SendOptions } = {}) {
  const jobs: (string | null)[] = [];
  await executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
    within: async (tx, events) => {
      jobs.push(await enqueueSicamPush(boss, { id_solicitud_compra: id, key: approvalKeyOf(events), body: options.body ?? bodyOf(id) }, tx, { ...fast, ...options.push }));
    },
  });
  return jobs;
}

async function approved(options: { body?: Record<string, unknown>; push?: SendOptions } = {}) {
  const id = await pendingApproval();
  await approve(id, options);
  return id;
}

const eventsOf = (id: number) => streamEvents(db.sql, `purchase_request-${id}`);
const typesOf = (id: number) => streamTypes(db.sql, `purchase_request-${id}`);
const totalEvents = () => eventTotal(db.sql);
async function pushJobs(id: number) {
  return db.sql<{ state: string; retry_count: number; output: Record<string, unknown> | null }[]>`
    SELECT state::text, retry_count, output FROM pgboss.job WHERE name = ${SICAM_PUSH_QUEUE} AND singleton_key = ${`request-${id}`} ORDER BY created_on`;
}
const inSicam = (id: number) => [...sim.sim.requests.values()].filter((r) => r.codigo === codigoOf(id));
/** The push has ended: its outcome is recorded and pg-boss has closed the job (the handler's
 * event commits a moment before pg-boss marks the job done, so the event alone is not enough). */
const settled = (id: number) => async () => {
  const types = await typesOf(id);
  if (!types.includes('PurchaseRequestSentToSicam') && !types.includes('PurchaseRequestSicamFailed')) return false;
  return (await pushJobs(id)).every((j) => ['completed', 'failed', 'cancelled'].includes(j.state));
};
async function control(path: string) {
  const res = await fetch(`${sim.url}/_control${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(res.status).toBe(200);
}

describe('the SICAM push', () => {
  it('each approval reaches SICAM exactly once and is recorded once, with SICAM id and the approval as key', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await approved());
    for (const id of ids) await waitFor(settled(id), 20_000);
    for (const id of ids) {
      const events = await eventsOf(id);
      const sent = events.filter((e) => e.type === 'PurchaseRequestSentToSicam');
      expect(sent).toHaveLength(1);
      const [request] = inSicam(id);
      expect(inSicam(id)).toHaveLength(1);
      expect(sent[0].data).toEqual({ id, id_sicam: String(request.id_sicam) });
      expect(request.key).toBe(events.find((e) => e.type === 'PurchaseRequestApproved')!.event_id);
      expect((await pushJobs(id)).map((j) => j.state)).toEqual(['completed']);
    }
    const rows = await db.sql`SELECT id_solicitud_compra::int AS id, id_sicam FROM sicam_pushes WHERE id_solicitud_compra IN ${db.sql(ids)} ORDER BY 1`;
    expect(rows).toEqual(ids.map((id) => ({ id, id_sicam: String(inSicam(id)[0].id_sicam) })));
  });

  it('one live push per request: a second enqueue while one is queued is not queued', async () => {
    const id = await pendingApproval();
    const jobs: (string | null)[] = [];
    await executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
      within: async (tx, events) => {
        const job = { id_solicitud_compra: id, key: approvalKeyOf(events), body: bodyOf(id) };
        jobs.push(await enqueueSicamPush(boss, job, tx, fast), await enqueueSicamPush(boss, job, tx, fast));
      },
    });
    expect(jobs[0]).toEqual(expect.any(String));
    expect(jobs[1]).toBeNull();
    await waitFor(settled(id), 20_000);
    expect(inSicam(id)).toHaveLength(1);
  });

  it('a rolled-back approval leaves neither events nor job; a refused one queues nothing', async () => {
    const id = await pendingApproval();
    await expect(
      executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
        within: async (tx, events) => {
          await enqueueSicamPush(boss, { id_solicitud_compra: id, key: approvalKeyOf(events), body: bodyOf(id) }, tx);
          throw new Error('falla después de encolar');
        },
      }),
    ).rejects.toThrow('falla después de encolar');
    await expect(
      executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: false, by: 3 }, {
        within: async (tx, events) => void (await enqueueSicamPush(boss, { id_solicitud_compra: id, key: approvalKeyOf(events), body: bodyOf(id) }, tx)),
      }),
    ).rejects.toBeInstanceOf(CommandRejected);
    expect(await typesOf(id)).toEqual(['PurchaseRequestCreated', 'PurchaseRequestSent', 'PurchaseRequestAttendedByCentral']);
    expect(await pushJobs(id)).toEqual([]);
    expect(await db.sql`SELECT 1 FROM sicam_pushes WHERE id_solicitud_compra = ${id}`).toHaveLength(0);
    expect(inSicam(id)).toHaveLength(0);
  });

  it("SICAM's refusal (4xx) is recorded with SICAM's message after one attempt, and the job ends", async () => {
    const id = await approved({ body: bodyOf(0, false) });
    await waitFor(settled(id), 20_000);
    const failed = (await eventsOf(id)).filter((e) => e.type === 'PurchaseRequestSicamFailed');
    expect(failed.map((e) => e.data)).toEqual([{ id, reason: 'La solicitud no tiene productos', attempts: 1 }]);
    expect(await pushJobs(id)).toMatchObject([{ state: 'completed', retry_count: 0 }]);
  });

  it('under a 50% failure rate every push is retried until SICAM accepts it, once', async () => {
    sim.sim.knobs.failRate = 0.5;
    const attemptsBefore = sim.sim.attempts;
    try {
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) ids.push(await approved({ push: { retryLimit: 30 } }));
      for (const id of ids) await waitFor(settled(id), 25_000);
      for (const id of ids) {
        expect(count(await typesOf(id), 'PurchaseRequestSentToSicam')).toBe(1);
        expect(count(await typesOf(id), 'PurchaseRequestSicamFailed')).toBe(0);
        expect(inSicam(id)).toHaveLength(1);
      }
      expect(sim.sim.attempts - attemptsBefore).toBeGreaterThan(ids.length);
    } finally {
      sim.sim.knobs.failRate = 0;
    }
  });

  it('a lost reply (SICAM stored the request, the answer never came) is retried with the same key: one request in SICAM', async () => {
    sim.sim.knobs.loseReplyRate = 1; // only a new request's reply is lost; a known key is answered
    try {
      const id = await approved();
      await waitFor(settled(id), 20_000);
      expect(inSicam(id)).toHaveLength(1);
      const sent = (await eventsOf(id)).filter((e) => e.type === 'PurchaseRequestSentToSicam');
      expect(sent.map((e) => e.data)).toEqual([{ id, id_sicam: String(inSicam(id)[0].id_sicam) }]);
      expect(await pushJobs(id)).toMatchObject([{ state: 'completed', retry_count: 1 }]);
    } finally {
      sim.sim.knobs.loseReplyRate = 0;
    }
  });

  it("retries exhausted record the client's reason and the attempts; the resend then succeeds with the same key, once", async () => {
    sim.sim.knobs.outage = true;
    let id: number;
    try {
      id = await approved({ push: { retryLimit: 2 } });
      await waitFor(settled(id), 20_000);
    } finally {
      sim.sim.knobs.outage = false;
    }
    const failed = (await eventsOf(id)).filter((e) => e.type === 'PurchaseRequestSicamFailed');
    expect(failed.map((e) => e.data)).toEqual([{ id, reason: 'No se pudo conectar con SICAM', attempts: 3 }]);
    expect(inSicam(id)).toHaveLength(0);

    await resendToSicam(deps(), id);
    await waitFor(async () => (await typesOf(id)).includes('PurchaseRequestSentToSicam'), 20_000);
    expect(inSicam(id)).toHaveLength(1);
    const events = await eventsOf(id);
    expect(inSicam(id)[0].key).toBe(events.find((e) => e.type === 'PurchaseRequestApproved')!.event_id);
    await expect(resendToSicam(deps(), id)).rejects.toMatchObject({ message: MSG_ALREADY_SENT, status: 409 });
  });

  it('a delivery after the success (a worker killed before its job was marked done) records nothing and calls SICAM no more', async () => {
    const id = await pendingApproval();
    await approve(id);
    await waitFor(settled(id), 20_000);
    const [{ data }] = await db.sql<{ data: { key: string; body: Record<string, unknown>; series: string } }[]>`
      SELECT data FROM pgboss.job WHERE name = ${SICAM_PUSH_QUEUE} AND singleton_key = ${`request-${id}`}`;
    const attempts = sim.sim.attempts;
    const job = { data: { id_solicitud_compra: id, ...data }, retryCount: 0, retryLimit: 8 };
    expect(await runSicamPush({ store: db.store, sicam, log }, job)).toBe('skipped');
    expect(sim.sim.attempts).toBe(attempts);
    expect(count(await typesOf(id), 'PurchaseRequestSentToSicam')).toBe(1);
  });

  it('a worker killed after SICAM answered and before the commit: the next delivery gets the same answer and records it once', async () => {
    const id = await pendingApproval();
    let key = '';
    await executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
      within: async (_tx, events) => void (key = approvalKeyOf(events)), // no job: this test delivers it by hand
    });
    const first = await sicam.pushRequest(key, bodyOf(id)); // the reply the killed worker got
    const job = { data: { id_solicitud_compra: id, key, body: bodyOf(id), series: 'manual' }, retryCount: 1, retryLimit: 8 };
    expect(await Promise.all([runSicamPush({ store: db.store, sicam, log }, job), runSicamPush({ store: db.store, sicam, log }, job)])).toContain('sent');
    expect(inSicam(id)).toHaveLength(1);
    expect((await eventsOf(id)).filter((e) => e.type === 'PurchaseRequestSentToSicam').map((e) => e.data)).toEqual([{ id, id_sicam: String(first.id_sicam) }]);
  });
});

describe('a push pg-boss gave up on without an outcome', () => {
  it('(its worker died on the last attempt) lands in the dead-letter queue, which records the failure once', async () => {
    const id = await pendingApproval();
    let key = '';
    await executeOn(db.store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
      within: async (_tx, events) => void (key = approvalKeyOf(events)),
    });
    // What pg-boss copies into the dead-letter queue when the last attempt expires.
    const data = { id_solicitud_compra: id, key, body: bodyOf(id), series: 'interrupted' };
    await boss.send(SICAM_PUSH_FAILED_QUEUE, data);
    await boss.send(SICAM_PUSH_FAILED_QUEUE, data);
    await waitFor(async () => (await db.sql`SELECT 1 FROM pgboss.job WHERE name = ${SICAM_PUSH_FAILED_QUEUE} AND state = 'completed'`).length === 2, 20_000);
    const failed = (await eventsOf(id)).filter((e) => e.type === 'PurchaseRequestSicamFailed');
    expect(failed.map((e) => e.data)).toEqual([{ id, reason: MSG_PUSH_INTERRUPTED, attempts: 1 }]);
    expect(inSicam(id)).toHaveLength(0);
  });
});

describe('the status pull', () => {
  it("turns the order's progress into events once each; a poll that sees no change writes nothing", async () => {
    const a = await approved();
    const b = await approved();
    await waitFor(settled(a), 20_000);
    await waitFor(settled(b), 20_000);
    const sicamId = (id: number) => inSicam(id)[0].id_sicam;

    // Received by SICAM, nothing moved yet.
    let before = await totalEvents();
    await pullSicamStatus(deps());
    expect(await totalEvents()).toBe(before);

    await control(`/solicitudes/${sicamId(a)}/enviada_aprobacion`);
    await control(`/solicitudes/${sicamId(b)}/enviada_aprobacion`);
    // Two pullers racing over the same answers store one set.
    const [r1, r2] = await Promise.all([pullSicamStatus(deps()), pullSicamStatus(deps())]);
    expect(r1.failed + r2.failed).toBe(0);
    for (const id of [a, b]) {
      const sent = (await eventsOf(id)).filter((e) => e.type === 'PurchaseOrderSentForApproval');
      expect(sent.map((e) => e.data)).toEqual([{
        id, id_sicam: String(sicamId(id)), numero_orden: `OC-${4500000 + sicamId(id)}`, estado_productos: ProductState.pendienteAprobacionOC, productos: productIds(id),
      }]);
    }
    before = await totalEvents();
    expect(await pullSicamStatus(deps())).toMatchObject({ events: 0, failed: 0 });
    expect(await pullSicamStatus(deps(), a)).toEqual({ polled: 1, events: 0, failed: 0 });
    expect(await totalEvents()).toBe(before);

    await control(`/solicitudes/${sicamId(a)}/aprobada`);
    await control(`/solicitudes/${sicamId(b)}/anulada`);
    expect(await pullSicamStatus(deps())).toMatchObject({ events: 2, failed: 0 });
    const [approvedOrder] = (await eventsOf(a)).filter((e) => e.type === 'PurchaseOrderApproved');
    const priced = sim.sim.requests.get(sicamId(a))!.productos;
    expect(approvedOrder.data).toEqual({
      id: a, id_sicam: String(sicamId(a)), numero_orden: `OC-${4500000 + sicamId(a)}`, estado_productos: ProductState.enOC,
      productos: productIds(a).map((p, i) => ({ id_producto: p, precio: priceOf(`MAT-${i + 1}`), moneda: priced[i].moneda })),
    });
    expect((await eventsOf(b)).filter((e) => e.type === 'PurchaseOrderAnnulled').map((e) => e.data)).toEqual([{
      id: b, id_sicam: String(sicamId(b)), numero_orden: `OC-${4500000 + sicamId(b)}`, estado_productos: ProductState.enOCAnulado, productos: productIds(b),
    }]);

    // Both orders are final: the periodic pull leaves them; asked for, nothing changed.
    before = await totalEvents();
    const again = await pullSicamStatus(deps());
    expect(again.events).toBe(0);
    for (const id of [a, b]) expect(await pullSicamStatus(deps(), id)).toEqual({ polled: 1, events: 0, failed: 0 });
    expect(await totalEvents()).toBe(before);
    for (const id of [a, b]) {
      const types = await typesOf(id);
      for (const t of ['PurchaseOrderSentForApproval', 'PurchaseOrderApproved', 'PurchaseOrderAnnulled']) expect(count(types, t)).toBeLessThanOrEqual(1);
    }
    const rows = await db.sql`SELECT id_solicitud_compra::int AS id, orden_estado FROM sicam_pushes WHERE id_solicitud_compra IN ${db.sql([a, b])} ORDER BY 1`;
    expect(rows).toEqual([{ id: a, orden_estado: 'aprobada' }, { id: b, orden_estado: 'anulada' }]);
  });

  it('"Actualizar Estados" on a request not in SICAM is refused', async () => {
    const id = await pendingApproval();
    await expect(pullSicamStatus(deps(), id)).rejects.toMatchObject({ message: MSG_NOT_IN_SICAM, status: 409 });
  });

  it('the worker pulls on its own clock: one pull job per slot however many workers tick', async () => {
    const id = await approved();
    await waitFor(settled(id), 20_000);
    await control(`/solicitudes/${inSicam(id)[0].id_sicam}/enviada_aprobacion`);
    // A second worker on the same queues, pulling every second.
    const other = createBoss(db.sql, { supervise: false });
    await other.start();
    try {
      await startSicamWorker(other, { store: db.store, sicam, log }, { pollSeconds: 1 });
      await waitFor(async () => (await typesOf(id)).includes('PurchaseOrderSentForApproval'), 20_000);
      const slots = await db.sql<{ slot: Date; n: number }[]>`
        SELECT singleton_on AS slot, count(*)::int AS n FROM pgboss.job WHERE name = 'sicam-pull' GROUP BY 1`;
      expect(slots.every((s) => s.n === 1)).toBe(true);
    } finally {
      await other.stop({ graceful: false });
    }
    expect(count(await typesOf(id), 'PurchaseOrderSentForApproval')).toBe(1);
  });
});
