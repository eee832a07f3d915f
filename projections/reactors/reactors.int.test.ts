import { spawn, type ChildProcess } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, type EventStore } from '../../events/store';
import { projectRoot } from '../../services/shared/config';
import { execute } from '../../events/execute';
import { purchaseRequests } from '../../events/purchase-request/decider';
import { createServiceRequest } from '../../services/api/work-orders/create-service-request';
import { useTestDatabase } from '../../tests/harness/db';
import { waitFor, waitForLogReadable } from '../../tests/harness/wait';
import { readCheckpoint } from '../runner';
import type { Reactor } from './define';
import { processReactorBatch, reactorCheckpoint, startReactors } from './runner';
import { MSG_PROBE_REFUSED, probeReactor } from './testing/probe';
import { workOrderFollowsRequest } from './work-order-follows-request';

const db = useTestDatabase();
// The probe's events mean nothing to the product's inline projections; the work orders here are
// bare streams (the decider folds them, no read model needs their full header).
let bare: EventStore;
beforeAll(() => {
  bare = createEventStore(db.sql, { inlineProjections: [] });
});

/** `count` ProbeRequested events of one run, each on its own source stream; `refuse` are the n that
 * get a negative number (the probe's decider refuses those). */
async function request(run: string, count: number, refuse: number[] = []) {
  for (let from = 0; from < count; from += 500) {
    const n = Array.from({ length: Math.min(500, count - from) }, (_, i) => from + i);
    await bare.transaction((t) =>
      t.appendMany(n.map((i) => ({
        streamId: `probe_source-${run}_${i}`,
        events: [{ type: 'ProbeRequested', data: { run, n: refuse.includes(i) ? -i : i } }],
        options: { expectedVersion: 'no_stream' as const, metadata: { correlationId: `corr-${run}-${i}` } },
      }))),
    );
  }
}

/** Per source event of a run: how many acknowledgements it caused. */
async function tally(run: string) {
  const [r] = await db.sql<{ sources: number; acknowledged: number; causes: number; missing: number; twice: number }[]>`
    WITH s AS (SELECT event_id, (data->>'n')::int AS n FROM es_events WHERE event_type = 'ProbeRequested' AND data->>'run' = ${run}),
         a AS (SELECT (metadata->>'causationId')::uuid AS cause FROM es_events
                WHERE event_type = 'ProbeAcknowledged' AND stream_id LIKE ${`probe_target-${run}\\_%`}),
         per AS (SELECT s.event_id, s.n, count(a.cause)::int AS k FROM s LEFT JOIN a ON a.cause = s.event_id GROUP BY 1, 2)
    SELECT (SELECT count(*)::int FROM s) AS sources, (SELECT count(*)::int FROM a) AS acknowledged,
           (SELECT count(DISTINCT cause)::int FROM a) AS causes,
           (SELECT count(*)::int FROM per WHERE n >= 0 AND k = 0) AS missing,
           (SELECT count(*)::int FROM per WHERE k > 1) AS twice`;
  return r;
}

/** Acknowledgements whose source lies beyond the probe's checkpoint: applied, not yet checkpointed. */
async function aheadOfCheckpoint() {
  const [r] = await db.sql<{ ahead: number; checkpoint: number }[]>`
    WITH cp AS (SELECT coalesce((SELECT last_position FROM es_checkpoints WHERE projector = 'reactor:probe'), 0) AS p)
    SELECT (SELECT p FROM cp)::int AS checkpoint, count(*)::int AS ahead
      FROM es_events a JOIN es_events s ON s.event_id = (a.metadata->>'causationId')::uuid
     WHERE a.event_type = 'ProbeAcknowledged' AND s.global_position > (SELECT p FROM cp)`;
  return r;
}

async function probeCaughtUp() {
  const [{ behind }] = await db.sql`
    SELECT (SELECT max(global_position) FROM es_events) > coalesce((SELECT last_position FROM es_checkpoints WHERE projector = 'reactor:probe'), 0) AS behind`;
  return !behind;
}

/** The probe reactor in a child process (Node itself, so SIGKILL hits the runner). */
function startProbe(batch: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'projections/reactors/testing/run-probe.ts'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: db.url, PROBE_BATCH: String(batch) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  const exited = new Promise((r) => child.on('exit', r));
  return { child, exited, output: () => output, active: () => output.includes('reactor probe: active') };
}

/** Runs one reactor in this process until it has read the whole log. */
async function drain(reactor: Reactor, store: EventStore, warn?: (m: string) => void) {
  await waitForLogReadable(db.sql);
  let from = await readCheckpoint(db.sql, reactorCheckpoint(reactor.name));
  for (;;) {
    const batch = await processReactorBatch(db.sql, store, reactor, from, warn);
    if (!batch.to) throw new Error('checkpoint moved by another runner');
    from = batch.to;
    if (batch.read === 0) return;
  }
}

async function eventCount() {
  const [{ n }] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

describe('reactors', () => {
  it('a runner SIGKILLed mid-batch and restarted applies every command exactly once', async () => {
    await request('kill', 2000);
    const first = startProbe(500);
    // Inside a batch: some batches committed, and 50 to 300 commands of the current 500 applied
    // past the checkpoint, so that the kill lands well before that batch could finish.
    let atKill = { ahead: 0, checkpoint: 0 };
    await waitFor(async () => {
      atKill = await aheadOfCheckpoint();
      return atKill.checkpoint > 0 && atKill.ahead >= 50 && atKill.ahead <= 300;
    }, 120_000, 5);
    first.child.kill('SIGKILL');
    await first.exited;
    const afterKill = await aheadOfCheckpoint();
    expect(afterKill.checkpoint).toBe(atKill.checkpoint);
    expect(afterKill.ahead).toBeGreaterThan(0);
    expect((await tally('kill')).acknowledged).toBeLessThan(2000);

    const second = startProbe(500);
    try {
      await waitFor(probeCaughtUp, 240_000, 50);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(await tally('kill')).toEqual({ sources: 2000, acknowledged: 2000, causes: 2000, missing: 0, twice: 0 });
    const [{ dead }] = await db.sql`SELECT count(*)::int AS dead FROM es_reactor_dead_letters`;
    expect(dead).toBe(0);
  }, 400_000);

  it('two runner processes: one is active, the standby takes over when it is killed, still exactly once', async () => {
    await request('standby', 1000);
    const a = startProbe(100);
    await waitFor(async () => a.active(), 120_000);
    const b = startProbe(100);
    try {
      await waitFor(async () => b.output().includes('started'), 120_000);
      await new Promise((r) => setTimeout(r, 300));
      expect(b.active()).toBe(false);
      await waitFor(async () => (await tally('standby')).acknowledged >= 200, 120_000, 10);
      a.child.kill('SIGKILL');
      await a.exited;
      expect((await tally('standby')).acknowledged).toBeLessThan(1000);
      await waitFor(async () => b.active(), 30_000);
      await waitFor(probeCaughtUp, 240_000, 50);
    } finally {
      a.child.kill('SIGKILL');
      b.child.kill('SIGTERM');
      await b.exited;
    }
    expect(await tally('standby')).toEqual({ sources: 1000, acknowledged: 1000, causes: 1000, missing: 0, twice: 0 });
  }, 400_000);

  it('a refused command is recorded as a dead letter, logged, and the reactor moves on', async () => {
    await request('refuse', 10, [3]);
    const warnings: string[] = [];
    const runner = await startReactors(db.sql, bare, [probeReactor()], { pollMs: 50, warn: (m) => warnings.push(m) });
    try {
      await waitFor(probeCaughtUp, 120_000);
    } finally {
      await runner.stop();
    }
    expect(await tally('refuse')).toEqual({ sources: 10, acknowledged: 9, causes: 9, missing: 0, twice: 0 });
    const [source] = await db.sql`SELECT event_id::text AS id, global_position FROM es_events WHERE stream_id = 'probe_source-refuse_3'`;
    const dead = await db.sql`SELECT command_id, reactor, event_id::text AS event_id, event_type, global_position::int AS position, reason, status, errors
      FROM es_reactor_dead_letters`;
    expect(dead).toEqual([{
      command_id: `reactor:probe:${source.id}:0`, reactor: 'probe', event_id: source.id, event_type: 'ProbeRequested',
      position: Number(source.global_position), reason: MSG_PROBE_REFUSED, status: 422, errors: { n: MSG_PROBE_REFUSED },
    }]);
    expect(warnings).toEqual([expect.stringContaining(`refused (422): ${MSG_PROBE_REFUSED}`)]);
    // The commands carry their source's causation and correlation.
    const [ack] = await db.sql`SELECT metadata FROM es_events WHERE stream_id = 'probe_target-refuse_4'`;
    const [src] = await db.sql`SELECT event_id::text AS id FROM es_events WHERE stream_id = 'probe_source-refuse_4'`;
    expect(ack.metadata).toMatchObject({ causationId: src.id, correlationId: 'corr-refuse-4', commandId: `reactor:probe:${src.id}:0` });
  }, 180_000);

  it('replaying from a reset checkpoint stores nothing new', async () => {
    const before = await eventCount();
    const [{ dead: deadBefore }] = await db.sql`SELECT count(*)::int AS dead FROM es_reactor_dead_letters`;
    await db.sql`UPDATE es_checkpoints SET last_txid = '0', last_position = 0 WHERE projector = 'reactor:probe'`;
    const warnings: string[] = [];
    await drain(probeReactor(1000), bare, (m) => warnings.push(m));
    expect(await eventCount()).toBe(before);
    const [{ dead }] = await db.sql`SELECT count(*)::int AS dead FROM es_reactor_dead_letters`;
    expect(dead).toBe(deadBefore);
    // The refused command is not tried again.
    expect(warnings).toEqual([]);
    for (const run of ['kill', 'standby']) expect((await tally(run)).twice).toBe(0);
  }, 300_000);

  describe('the work order follows its request', () => {
    const actor = { id: 1, roleId: 1, canCreateRequest: true };
    async function openOrder(id: number) {
      await bare.append(`work_order-${id}`, [{
        type: 'WorkOrderOpened',
        data: { id, codigo: `OT-${id}`, header: { id_obra: 1, sin_productos: 1 }, rechazado_id: null, by: actor.id },
      }], { expectedVersion: 'no_stream' });
    }

    it('a service request drafted from a work order: the link is already recorded, the reaction decides nothing', async () => {
      await openOrder(9001);
      const { id_solicitud_compra } = await createServiceRequest({ store: bare } as never, { idOrden: 9001, actor, metadata: {} });
      const orderBefore = await bare.readStream('work_order-9001');
      expect(orderBefore.at(-1)).toMatchObject({ type: 'WorkOrderRequestLinked', data: { request: { id: id_solicitud_compra, estado: 'borrador' } } });
      const handled: string[] = [];
      await waitForLogReadable(db.sql);
      let from = await readCheckpoint(db.sql, reactorCheckpoint(workOrderFollowsRequest.name));
      for (;;) {
        const batch = await processReactorBatch(db.sql, bare, workOrderFollowsRequest, from);
        handled.push(...batch.applied.map((e) => e.streamId));
        from = batch.to!;
        if (batch.read === 0) break;
      }
      expect(handled).toEqual([`purchase_request-${id_solicitud_compra}`]);
      expect(await bare.readStream('work_order-9001')).toEqual(orderBefore);
      const dead = await db.sql`SELECT 1 FROM es_reactor_dead_letters WHERE reactor = ${workOrderFollowsRequest.name}`;
      expect(dead.length).toBe(0);
    });

    it('every transition of the request reaches its work order: sent, rejected', async () => {
      await openOrder(9003);
      const { id_solicitud_compra: id } = await createServiceRequest({ store: bare } as never, { idOrden: 9003, actor, metadata: {} });
      await execute(bare, async (c) => { (await c.load(purchaseRequests, id)).decide({ type: 'SendRequest', id, by: actor.id }); });
      await drain(workOrderFollowsRequest, bare);
      expect((await bare.readStream('work_order-9003')).at(-1)).toMatchObject({ type: 'WorkOrderRequestStateChanged', data: { estado: 'pendiente aprobación' } });
      await execute(bare, async (c) => { (await c.load(purchaseRequests, id)).decide({ type: 'RejectRequest', id, motivo: 'Sin presupuesto', canApprove: true, by: actor.id }); });
      await drain(workOrderFollowsRequest, bare);
      const order = await bare.readStream('work_order-9003');
      expect(order.filter((e) => e.type === 'WorkOrderRequestStateChanged').map((e) => e.data.estado)).toEqual(['pendiente aprobación', 'rechazado']);
    });

    it('a draft naming an order that has no request linked is refused into a dead letter', async () => {
      await openOrder(9002);
      await bare.append('purchase_request-9902', [{ type: 'PurchaseRequestDrafted', data: { id: 9902, tipo: 'servicio', id_orden_trabajo: 9002, id_obra: 1, by: 1 } }]);
      await drain(workOrderFollowsRequest, bare);
      const dead = await db.sql`SELECT event_type, status FROM es_reactor_dead_letters WHERE reactor = ${workOrderFollowsRequest.name}`;
      expect(dead).toEqual([{ event_type: 'PurchaseRequestDrafted', status: 404 }]);
      expect(await bare.streamVersion('work_order-9002')).toBe(1);
    });

    it('reacts only to drafts raised from a work order', () => {
      const draft = (data: Record<string, unknown>) => ({ id: 'e', type: 'PurchaseRequestDrafted', data }) as never;
      expect(workOrderFollowsRequest.react(draft({ id: 1, tipo: 'compra', id_orden_trabajo: null }))).toEqual([]);
      expect(workOrderFollowsRequest.react(draft({ id: 1, tipo: 'servicio', id_orden_trabajo: 7 }))).toHaveLength(1);
    });
  });
});
