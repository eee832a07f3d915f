// `npm run bench -- sicam` (add `--quick`, or BENCH_SICAM_QUICK=1, for a shorter run): the SICAM
// pushes (services/worker/sicam.ts) against the simulator, with the worker as its own processes
// (services/worker/main.ts, what docker-compose runs), on a database of its own.
//   (a) latency: approvals at 20/s; from the approval's commit to SICAM receiving the push;
//   (b) throughput: a backlog of approved requests drained by 2 worker processes;
//   (c) faults: 1,000 approvals at 20/s, SICAM failing 30% of calls and unreachable for 60 s in
//       the middle, 2 worker processes, one SIGKILLed twice and restarted. At the end every request
//       must be in SICAM exactly once and recorded sent exactly once; those whose retries ran out
//       are resent (resendToSicam) and must then be sent too.
import { spawn, type ChildProcess } from 'node:child_process';
import { execute, executeOn } from '../events/execute';
import { purchaseRequests } from '../events/purchase-request/decider';
import { createEventStore, type EventStore } from '../events/store';
import { migrate } from '../migrations/migrate';
import { inlineProjections } from '../projections/registry';
import { startSicamSim, type SicamSimServer } from '../services/sicam-sim/server';
import { createBoss, type Boss } from '../services/shared/boss';
import { projectRoot } from '../services/shared/config';
import { createSql, type Sql } from '../services/shared/db';
import { approvalKeyOf, enqueueSicamPush, resendToSicam, SICAM_PUSH_QUEUE } from '../services/app/jobs/sicam';
import { ensureQueues } from '../services/worker/worker';
import { percentile, type BenchResult } from './stats';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => process.stderr.write(`  sicam: ${line}\n`);

function databaseUrl(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function until(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string, stepMs = 50) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(stepMs);
  }
  throw new Error(`SICAM bench: timed out waiting for ${what}`);
}

const codigoOf = (id: number) => `OB-BENCH-SC-${String(id).padStart(6, '0')}`;

function bodyOf(id: number, products: number[]) {
  return {
    codigo: codigoOf(id),
    tipo: 'compra',
    productos: products.map((p, i) => ({ id_producto_solicitado: p, codigo_material: `MAT-${(p % 50) + 1}`, descripcion: `Repuesto ${i + 1}`, unidad: 'UND', cantidad: i + 1 })),
  };
}

/** `n` compras pending approval (4), through the real commands, 200 per transaction. */
async function pendingRequests(store: EventStore, n: number): Promise<Map<number, number[]>> {
  const made = new Map<number, number[]>();
  for (let from = 0; from < n; from += 200) {
    const k = Math.min(200, n - from);
    await execute(store, async (c) => {
      const ids = await c.nextIds('purchase_request', k);
      const productIds = await c.nextIds('requested_product', 2 * k);
      ids.forEach((id, i) => {
        const products = productIds.slice(2 * i, 2 * i + 2);
        const s = c.start(purchaseRequests, id);
        s.decide({
          type: 'CreateRequest', id, codigo: codigoOf(id), tipo: 'compra', idObra: 1, idOrdenTrabajo: null, fields: { descripcion_trabajo: 'Banco de pruebas' },
          productos: products.map((p) => ({ id: p, id_material: 7, cantidad: 2 })), by: 1,
        });
        s.decide({ type: 'SendRequest', id, by: 1 });
        s.decide({ type: 'AttendByCentral', id, leftToBuy: true, by: 2 });
        made.set(id, products);
      });
    });
  }
  return made;
}

/** `aprobar` with the push queued in its transaction; resolves at the commit with the push key. */
async function approve(store: EventStore, boss: Boss, id: number, products: number[]) {
  let key = '';
  await executeOn(store, purchaseRequests, id, { type: 'ApproveRequest', id, canApprove: true, by: 3 }, {
    within: async (tx, events) => {
      key = approvalKeyOf(events);
      await enqueueSicamPush(boss, { id_solicitud_compra: id, key, body: bodyOf(id, products) }, tx);
    },
  });
  return { key, committedAt: performance.now() };
}

/** Approvals at `perSecond`, each on its own schedule (a slow one does not delay the next). */
async function approveAt(store: EventStore, boss: Boss, requests: Map<number, number[]>, perSecond: number, onEach?: (i: number) => void) {
  const started = performance.now();
  const entries = [...requests.entries()];
  const done: Promise<{ id: number; key: string; committedAt: number }>[] = [];
  for (let i = 0; i < entries.length; i++) {
    const due = started + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    onEach?.(i);
    const [id, products] = entries[i];
    done.push(approve(store, boss, id, products).then((r) => ({ id, ...r })));
  }
  const approvals = await Promise.all(done);
  return { approvals, seconds: (performance.now() - started) / 1000 };
}

type Worker = { child: ChildProcess; exited: Promise<unknown>; name: string };

/** services/worker/main.ts as its own process; resolves once it has started. */
async function startWorkerProcess(name: string, url: string, sicamUrl: string): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/worker/main.ts'], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url, SICAM_URL: sicamUrl, SICAM_POLL_SECONDS: '3600', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  let ready = false;
  child.stderr.on('data', (d: Buffer) => {
    const text = d.toString();
    if (!ready && text.includes('"msg":"worker started"')) ready = true;
    log = (log + text).slice(-4000);
  });
  const exited = new Promise((r) => child.on('exit', r));
  await until(() => ready || child.exitCode !== null, 60_000, `worker ${name} to start`);
  if (!ready) throw new Error(`worker ${name} exited:\n${log}`);
  return { child, exited, name };
}

async function stopWorkers(workers: Worker[]) {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => Promise.race([w.exited, sleep(10_000).then(() => w.child.kill('SIGKILL'))])));
}

/** Per request: how many PurchaseRequestSentToSicam and PurchaseRequestSicamFailed it has. */
async function outcomes(sql: Sql, ids: number[]) {
  const rows = await sql<{ id: number; sent: number; failed: number }[]>`
    SELECT (data->>'id')::int AS id,
           count(*) FILTER (WHERE event_type = 'PurchaseRequestSentToSicam')::int AS sent,
           count(*) FILTER (WHERE event_type = 'PurchaseRequestSicamFailed')::int AS failed
      FROM es_events
     WHERE event_type IN ('PurchaseRequestSentToSicam', 'PurchaseRequestSicamFailed') AND (data->>'id')::int = ANY(${ids})
     GROUP BY 1`;
  return new Map(rows.map((r) => [r.id, r]));
}

async function livePushJobs(sql: Sql) {
  const [{ n }] = await sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM pgboss.job WHERE name IN (${SICAM_PUSH_QUEUE}, 'sicam-push-failed') AND state IN ('created', 'retry', 'active')`;
  return n;
}

/** Records when SICAM first stored each key (the moment a push reached it). */
function recordReceipts(sim: SicamSimServer) {
  const received = new Map<string, number>();
  const accept = sim.sim.acceptRequest.bind(sim.sim);
  sim.sim.acceptRequest = (key, body) => {
    const r = accept(key, body);
    if (r.created) received.set(key, performance.now());
    return r;
  };
  return received;
}

const quietSim = { latencyMs: 0, failRate: 0, failNext: 0, loseReplyRate: 0, outage: false, approvalAfterS: -1, approvedAfterS: -1, materialsAfterS: -1 };

async function latencyRun(ctx: Ctx, seconds: number): Promise<BenchResult> {
  const sim = await startSicamSim({ knobs: quietSim });
  const received = recordReceipts(sim);
  const workers = await Promise.all([startWorkerProcess('a', ctx.url, sim.url), startWorkerProcess('b', ctx.url, sim.url)]);
  try {
    const requests = await pendingRequests(ctx.store, 20 * seconds);
    // A warm-up push: the workers' first job compiles and connects.
    const [warmId, warmProducts] = [...(await pendingRequests(ctx.store, 1)).entries()][0];
    const warm = await approve(ctx.store, ctx.boss, warmId, warmProducts);
    await until(() => received.has(warm.key), 30_000, 'the warm-up push');
    say(`latency: ${requests.size} approvals at 20/s`);
    const { approvals, seconds: took } = await approveAt(ctx.store, ctx.boss, requests, 20);
    await until(() => approvals.every((a) => received.has(a.key)), 60_000, 'every push of the latency run');
    const latencies = approvals.map((a) => received.get(a.key)! - a.committedAt);
    return {
      name: `SICAM push latency: approval commit → SICAM receives it (${approvals.length} approvals at 20/s, 2 worker processes)`,
      figures: {
        'approvals/s': Math.round((approvals.length / took) * 10) / 10,
        'p50 ms': percentile(latencies, 50),
        'p95 ms': percentile(latencies, 95),
        'p99 ms': percentile(latencies, 99),
        'max ms': percentile(latencies, 100),
      },
    };
  } finally {
    await stopWorkers(workers);
    await sim.close();
  }
}

async function throughputRun(ctx: Ctx, n: number): Promise<BenchResult> {
  const sim = await startSicamSim({ knobs: quietSim });
  const received = recordReceipts(sim);
  const requests = await pendingRequests(ctx.store, n);
  // The backlog: every approval committed (push queued) before any worker runs.
  const ids = [...requests.keys()];
  for (let from = 0; from < ids.length; from += 50) {
    await Promise.all(ids.slice(from, from + 50).map((id) => approve(ctx.store, ctx.boss, id, requests.get(id)!)));
  }
  say(`throughput: ${n} pushes queued; starting 2 workers`);
  const workers = await Promise.all([startWorkerProcess('a', ctx.url, sim.url), startWorkerProcess('b', ctx.url, sim.url)]);
  try {
    const started = performance.now();
    await until(async () => {
      const [{ sent }] = await ctx.sql<{ sent: number }[]>`
        SELECT count(*)::int AS sent FROM es_events WHERE event_type = 'PurchaseRequestSentToSicam' AND (data->>'id')::int = ANY(${ids})`;
      return sent === n;
    }, 300_000, 'the backlog to drain', 100);
    const recorded = (performance.now() - started) / 1000;
    // The sustained rate: the middle 80% of SICAM's receipts (both workers warm, the backlog not yet thin).
    const times = [...received.values()].sort((a, b) => a - b);
    const [from, to] = [Math.floor(times.length * 0.1), Math.floor(times.length * 0.9)];
    const sustained = (to - from) / ((times[to] - times[from]) / 1000);
    return {
      name: `SICAM pushes drained by 2 worker processes (${n} queued, each pushed and recorded sent)`,
      figures: { 'pushes/s (middle 80% of receipts)': Math.round(sustained), 'recorded sent/s (whole backlog, from workers ready)': Math.round(n / recorded), 'in SICAM': sim.sim.requests.size },
    };
  } finally {
    await stopWorkers(workers);
    await sim.close();
  }
}

async function faultRun(ctx: Ctx, n: number, outageSeconds: number): Promise<BenchResult> {
  const sim = await startSicamSim({ knobs: { ...quietSim, failRate: 0.3 } });
  const requests = await pendingRequests(ctx.store, n);
  const ids = [...requests.keys()];
  const approvingSeconds = n / 20;
  const [first, b] = await Promise.all([startWorkerProcess('a', ctx.url, sim.url), startWorkerProcess('b', ctx.url, sim.url)]);
  let a = first; // restarted after each kill
  const started = performance.now();
  const at = (s: number) => started + s * 1000;
  const killAt = [at(approvingSeconds * 0.25), at(approvingSeconds * 0.6)];
  const outageFrom = at(approvingSeconds * 0.3);
  let kills = 0;
  let outage: 'before' | 'on' | 'over' = 'before';
  const chaos = setInterval(() => {
    const now = performance.now();
    if (outage === 'before' && now >= outageFrom) {
      outage = 'on';
      sim.sim.knobs.outage = true;
      say(`faults: SICAM unreachable for ${outageSeconds} s`);
    } else if (outage === 'on' && now >= outageFrom + outageSeconds * 1000) {
      outage = 'over';
      sim.sim.knobs.outage = false;
      say('faults: SICAM back');
    }
  }, 100);
  const killer = (async () => {
    for (const t of killAt) {
      await sleep(Math.max(0, t - performance.now()));
      a.child.kill('SIGKILL');
      await a.exited;
      kills += 1;
      say(`faults: worker a SIGKILLed (${kills}), restarting`);
      a = await startWorkerProcess('a', ctx.url, sim.url);
    }
  })();
  try {
    say(`faults: ${n} approvals at 20/s, SICAM failing 30% of calls`);
    await approveAt(ctx.store, ctx.boss, requests, 20);
    await killer;
    await until(() => outage === 'over', (outageSeconds + approvingSeconds) * 1000 + 60_000, 'the outage to end');
    // Every push ends: sent, or failed with its reason (retries exhausted, or a job pg-boss gave up on).
    await until(async () => (await livePushJobs(ctx.sql)) === 0, 900_000, 'every push job to end', 500);
    const before = await outcomes(ctx.sql, ids);
    const unsent = ids.filter((id) => !(before.get(id)?.sent));
    const reasons = await ctx.sql<{ reason: string; n: number }[]>`
      SELECT data->>'reason' AS reason, count(*)::int AS n FROM es_events WHERE event_type = 'PurchaseRequestSicamFailed' AND (data->>'id')::int = ANY(${ids}) GROUP BY 1`;
    for (const r of reasons) say(`faults: failed ${r.n}× with "${r.reason}"`);
    const stuck = unsent.filter((id) => !(before.get(id)?.failed));
    if (stuck.length) throw new Error(`SICAM bench: ${stuck.length} requests neither sent nor failed (first: ${stuck.slice(0, 5).join(', ')})`);
    say(`faults: ${unsent.length} failed with their reason; resending them`);
    for (const id of unsent) await resendToSicam({ store: ctx.store, boss: ctx.boss }, id);
    await until(async () => [...(await outcomes(ctx.sql, ids)).values()].filter((o) => o.sent > 0).length === n, 900_000, 'the resends', 500);
    const seconds = (performance.now() - started) / 1000;

    const after = await outcomes(ctx.sql, ids);
    const sentOnce = ids.filter((id) => after.get(id)?.sent === 1).length;
    const codigos = new Set([...sim.sim.requests.values()].map((r) => r.codigo));
    const accepted = [...sim.sim.requests.values()].filter((r) => r.codigo.startsWith('OB-BENCH-'));
    const ok = accepted.length === n && codigos.size === n && sim.sim.byKey.size === n && sentOnce === n;
    const figures = {
      approvals: n,
      'SICAM attempts': sim.sim.attempts,
      'distinct requests in SICAM': codigos.size,
      'requests recorded sent exactly once': sentOnce,
      'failed, then sent on resend': unsent.length,
      'worker kills': kills,
      'outage s': outageSeconds,
      'all settled after s': Math.round(seconds),
    };
    say(`faults: ${JSON.stringify(figures)}`);
    if (!ok) throw new Error(`SICAM bench: exactly-once violated: ${JSON.stringify({ accepted: accepted.length, codigos: codigos.size, keys: sim.sim.byKey.size, sentOnce })}`);
    return { name: `SICAM pushes under faults (30% errors, ${outageSeconds} s outage, 2 workers, one SIGKILLed twice): exactly once, none stuck`, figures };
  } finally {
    clearInterval(chaos);
    sim.sim.knobs.outage = false;
    await stopWorkers([a, b]);
    await sim.close();
  }
}

type Ctx = { url: string; sql: Sql; store: EventStore; boss: Boss };

export async function sicamBench(serverUrl: string, options: { quick?: boolean } = {}): Promise<BenchResult[]> {
  const quick = options.quick ?? false;
  const database = `faena_bench_sicam_${process.pid}`;
  const admin = createSql(serverUrl, { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${database}`);
  await admin.unsafe(`CREATE DATABASE ${database}`);
  const url = databaseUrl(serverUrl, database);
  const sql = createSql(url, { max: 20, applicationName: 'faena-bench-sicam' });
  const boss = createBoss(sql, { supervise: false });
  try {
    await migrate(sql);
    await boss.start();
    await ensureQueues(boss);
    const ctx: Ctx = { url, sql, store: createEventStore(sql, { inlineProjections }), boss };
    const results: BenchResult[] = [];
    results.push(await latencyRun(ctx, quick ? 10 : 30));
    say(`${results[0].name}: ${JSON.stringify(results[0].figures)}`);
    results.push(await throughputRun(ctx, quick ? 500 : 2000));
    say(`${results[1].name}: ${JSON.stringify(results[1].figures)}`);
    results.push(await faultRun(ctx, quick ? 200 : 1000, quick ? 20 : 60));
    return results;
  } finally {
    await boss.stop({ graceful: false }).catch(() => {});
    await sql.end({ timeout: 5 });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
