import { io as connect } from 'socket.io-client';
import { aggregate, execute } from '../events/execute';
import { createEventStore } from '../events/store';
import { rebuildProjection } from '../projections/rebuild';
import { activityLogProjection } from '../projections/activity-log';
import { asyncProjections, inlineProjections } from '../projections/registry';
import { startProjector } from '../projections/runner';
import { openSession } from '../services/api/auth/sessions';
import { createApiDeps } from '../services/api/create-deps';
import { startApiServer } from '../services/api/server';
import { loadAccessData } from '../services/demo/access-data';
import type { Sql } from '../services/shared/db';
import { createPublisher } from '../services/shared/live';
import { createLogger } from '../services/shared/logger';
import { percentile, type BenchResult } from './stats';

const WRITERS = 16;

async function forDuration(ms: number, worker: (stop: () => boolean) => Promise<void>, concurrency: number) {
  const until = performance.now() + ms;
  const stop = () => performance.now() >= until;
  await Promise.all(Array.from({ length: concurrency }, () => worker(stop)));
}

/** Raw single-row INSERT transactions/s with 16 concurrent clients: the physical reference. */
export async function rawInsertRate(sql: Sql, seconds: number): Promise<BenchResult> {
  await sql`CREATE TABLE IF NOT EXISTS bench_raw (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, data jsonb NOT NULL)`;
  const latencies: number[] = [];
  const started = performance.now();
  await forDuration(
    seconds * 1000,
    async (stop) => {
      while (!stop()) {
        const t = performance.now();
        await sql`INSERT INTO bench_raw (data) VALUES (${sql.json({ n: 1, text: 'hello' })})`;
        latencies.push(performance.now() - t);
      }
    },
    WRITERS,
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    name: 'raw INSERT transactions (16 clients, 1 row each)',
    figures: { 'tx/s': Math.round(latencies.length / elapsed), 'p95 ms': percentile(latencies, 95) },
  };
}

/** 16 concurrent writers, each running commands of 1-5 events on its own 50 streams (800 in all)
 * for `seconds`: commands/s, events/s and the command latency. `command(w, s, n, i)`: writer `w`
 * writes `n` events on its stream `s` (its `i`-th command). */
async function commandRate(name: string, seconds: number, command: (w: number, s: number, n: number, i: number) => Promise<void>): Promise<BenchResult> {
  const latencies: number[] = [];
  let events = 0;
  let writerNo = 0;
  const started = performance.now();
  await forDuration(
    seconds * 1000,
    async (stop) => {
      const w = writerNo++;
      let i = 0;
      while (!stop()) {
        const s = i++ % 50;
        const n = 1 + (i % 5);
        const t = performance.now();
        await command(w, s, n, i);
        latencies.push(performance.now() - t);
        events += n;
      }
    },
    WRITERS,
  );
  const elapsed = (performance.now() - started) / 1000;
  return {
    name,
    figures: {
      'commands/s': Math.round(latencies.length / elapsed),
      'events/s': Math.round(events / elapsed),
      'p50 ms': percentile(latencies, 50),
      'p95 ms': percentile(latencies, 95),
    },
  };
}

const streamKey = (w: number, s: number) => `${w}${String(s).padStart(3, '0')}`;

/** Event appends/s with 16 concurrent writers, 1-5 events per command, exact expected version. */
export async function appendRate(sql: Sql, seconds: number): Promise<BenchResult> {
  const store = createEventStore(sql, { inlineProjections, notify: true });
  const versions = new Map<string, number>();
  return commandRate('event appends (16 writers, 1-5 events per command)', seconds, async (w, s, n, i) => {
    const key = streamKey(w, s);
    const r = await store.append(
      `bench_order-${key}`,
      Array.from({ length: n }, (_, k) => ({ type: 'LineAdded', data: { line: k, qty: 2, text: 'filtro de aceite' } })),
      { expectedVersion: versions.get(key) ?? 0, metadata: { userId: 7, sessionId: 'bench', requestId: `r-${w}-${i}` } },
    );
    versions.set(key, r.nextVersion);
  });
}

/** A bench stream's aggregate for the pipeline figure: its state is the line count, and a command
 * adds `n` lines (the same LineAdded events the append benchmark writes). */
const benchLines = aggregate('bench_cmd', {
  initialState: () => 0,
  decide: (command: { type: 'AddLines'; n: number }, lines: number) =>
    Array.from({ length: command.n }, (_, k) => ({ type: 'LineAdded' as const, data: { line: lines + k, qty: 2, text: 'filtro de aceite' } })),
  evolve: (lines: number) => lines + 1,
});

/** The same load as `appendRate` through the command pipeline: each command loads its stream in
 * a transaction (read + fold), decides, appends with the version read and commits. */
export async function executeRate(sql: Sql, seconds: number): Promise<BenchResult> {
  const store = createEventStore(sql, { inlineProjections, notify: true });
  return commandRate('commands through execute (16 writers, load + decide + append of 1-5 events)', seconds, async (w, s, n, i) => {
    await execute(store, async (c) => (await c.load(benchLines, streamKey(w, s))).decide({ type: 'AddLines', n }), {
      metadata: { userId: 7, sessionId: 'bench', requestId: `r-${w}-${i}` },
    });
  });
}

/** Commit → async projection applied → socket.io client notified, at a steady 500 events/s. */
export async function pushLatency(sql: Sql, seconds: number): Promise<BenchResult> {
  const store = createEventStore(sql, { inlineProjections });
  const log = createLogger({}, true);
  // Sockets authenticate with a session: sign the demo administrator in.
  await loadAccessData(store);
  const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'admin@faena.pe'`;
  const { token } = await openSession(store, { userId: admin.id, device: { platform: 'bench' }, ip: '127.0.0.1', hours: 1, now: new Date() });
  const projector = await startProjector(sql, store, asyncProjections, { publish: createPublisher(sql) });
  // Let the projections catch up with the events earlier benchmarks wrote before measuring.
  for (;;) {
    const [{ behind }] = await sql<{ behind: number }[]>`
      SELECT count(*)::int AS behind FROM es_checkpoints c
       WHERE c.projector IN ('live', 'activity_log')
         AND c.last_position < (SELECT coalesce(max(global_position), 0) FROM es_events)`;
    const [{ known }] = await sql<{ known: number }[]>`SELECT count(*)::int AS known FROM es_checkpoints WHERE projector IN ('live', 'activity_log')`;
    if (known === 2 && behind === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const deps = await createApiDeps({ sql, store, boss: null, log, config: { dataDir: '/nonexistent', port: 0 } });
  const api = await startApiServer({ deps, webDir: '/nonexistent', port: 0, host: '127.0.0.1' });
  const total = seconds * 500;
  const committedAt = new Map<number, number>();
  const latencies: number[] = [];
  const socket = connect(`http://127.0.0.1:${api.port}`, { transports: ['websocket'], auth: { token } });
  await new Promise<void>((r) => socket.on('connect', () => r()));
  socket.emit('subscribe', Array.from({ length: total }, (_, i) => `bench_push:${i}`));
  await new Promise((r) => setTimeout(r, 300));
  let received = 0;
  const allReceived = new Promise<void>((resolve) => {
    socket.on('live', ({ topic }: { topic: string }) => {
      const n = Number(topic.split(':')[1]);
      const t0 = committedAt.get(n);
      if (t0 === undefined || Number.isNaN(n)) return;
      latencies.push(performance.now() - t0);
      committedAt.delete(n);
      if (++received === total) resolve();
    });
  });
  // Steady rate: one single-event command every 2 ms (500 events/s), paced by the clock.
  const start = performance.now();
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + i * 2;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(
      store.append(`bench_push-${i}`, [{ type: 'Pinged', data: { i } }]).then(() => committedAt.set(i, performance.now())),
    );
  }
  await Promise.all(pending);
  await Promise.race([allReceived, new Promise((r) => setTimeout(r, 15_000))]);
  socket.close();
  await api.close();
  await projector.stop();
  return {
    name: 'commit → projection → socket.io push (500 events/s)',
    figures: {
      'events': total,
      'received': received,
      'p50 ms': percentile(latencies, 50),
      'p99 ms': percentile(latencies, 99),
      'max ms': percentile(latencies, 100),
    },
  };
}

/** Replay rate of the activity-log projection over at least 200,000 events. */
export async function replayRate(sql: Sql, minEvents: number): Promise<BenchResult> {
  const store = createEventStore(sql, { inlineProjections, notify: false });
  const [{ n }] = await sql<{ n: number }[]>`SELECT count(*)::bigint AS n FROM es_events`;
  for (let have = n, s = 0; have < minEvents; s++) {
    const batch = Math.min(1000, minEvents - have);
    await store.append(
      `bench_replay-${s}`,
      Array.from({ length: batch }, (_, k) => ({
        type: 'RecordUpdated',
        data: { id: s, changes: { horometro: { from: k, to: k + 1 } } },
        metadata: { userId: 3, sessionId: 'bench' },
      })),
    );
    have += batch;
  }
  const result = await rebuildProjection(sql, store, activityLogProjection, 'async');
  return {
    name: 'projection replay (activity log, full rebuild)',
    figures: { events: result.events, 'seconds': Number((result.elapsedMs / 1000).toFixed(2)), 'events/s': Math.round(result.eventsPerSecond) },
  };
}
