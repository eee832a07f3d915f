// npm run bench: every benchmark from one run against a throwaway PostgreSQL (default durability
// settings: fsync and synchronous_commit on), or DATABASE_URL when given. Prints a Markdown table
// for docs/PERFORMANCE.md and the machine it ran on.
import { mkdtempSync, rmSync, chmodSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { migrate } from '../migrations/migrate';
import { createSql } from '../services/shared/db';
import { startEmbeddedPostgres } from '../services/shared/embedded-postgres';
import { appendRate, executeRate, pushLatency, rawInsertRate, replayRate } from './backbone';
import { centralEntriesBench } from './central-entries';
import { demoLoadBench } from './demo-load';
import { equipmentListBench } from './equipment';
import { exportsBench } from './exports';
import { sicamBench } from './sicam';
import { siteIssue500Bench } from './site-issue-500';
import { requestListBench } from './solicitudes';
import { stockBench } from './stock';
import { traceabilityBench } from './traceability';
import { pmBoardBench } from './pm';
import { reportsBench } from './reports';
import { profitPdfBench } from './rentabilidad-pdf';
import { workOrderBench } from './work-orders';
import type { BenchResult } from './stats';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
// `npm run bench -- equipos ordenes` runs only those groups (backbone, equipos, ordenes, exports, demo, sicam, solicitudes, entradas, stock, trazabilidad, pm, reportes, rentabilidad-pdf, salida500); none: all.
// `--quick` (or BENCH_SICAM_QUICK=1) shortens the SICAM runs.
const quick = process.argv.includes('--quick') || process.env.BENCH_SICAM_QUICK === '1';
const groups = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const wanted = (group: string) => groups.length === 0 || groups.includes(group);
const replayEvents = Number(process.env.BENCH_REPLAY_EVENTS ?? 200_000);

let url = process.env.DATABASE_URL;
let stop = async () => {};
if (!url) {
  const dir = mkdtempSync(join(tmpdir(), 'faena-bench-'));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), flags: ['-c', 'max_connections=200', '-c', 'shared_buffers=512MB'] });
  const admin = createSql(pg.url, { max: 1 });
  await admin.unsafe('CREATE DATABASE faena_bench');
  await admin.end();
  url = pg.url.replace(/\/postgres$/, '/faena_bench');
  stop = async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

const sql = createSql(url, { max: 24, applicationName: 'faena-bench' });
const results: BenchResult[] = [];
const say = (r: BenchResult) => {
  results.push(r);
  process.stderr.write(`${r.name}: ${JSON.stringify(r.figures)}\n`);
};
try {
  await migrate(sql);
  if (wanted('backbone')) {
    const raw = await rawInsertRate(sql, seconds);
    say(raw);
    const append = await appendRate(sql, seconds);
    say(append);
    say({
      name: 'appends vs raw INSERT',
      figures: { 'commands/s ÷ raw tx/s %': Math.round((append.figures['commands/s'] / raw.figures['tx/s']) * 100) },
    });
    const executed = await executeRate(sql, seconds);
    say(executed);
    say({
      name: 'execute vs append',
      figures: { 'commands/s ÷ append commands/s %': Math.round((executed.figures['commands/s'] / append.figures['commands/s']) * 100) },
    });
    say(await pushLatency(sql, seconds));
    say(await replayRate(sql, replayEvents));
  }
  if (wanted('equipos')) for (const r of await equipmentListBench(url, seconds)) say(r);
  if (wanted('exports')) for (const r of await exportsBench(url)) say(r);
  if (wanted('demo')) {
    const loads = { horometros: Number(process.env.BENCH_DEMO_HOROMETROS ?? 100_000), orders: Number(process.env.BENCH_ORDERS ?? 100_000) };
    for (const r of await demoLoadBench(url, loads)) say(r);
  }
  if (wanted('ordenes')) for (const r of await workOrderBench(url, seconds, Number(process.env.BENCH_ORDERS ?? 100_000))) say(r);
  if (wanted('sicam')) for (const r of await sicamBench(url, { quick })) say(r);
  if (wanted('solicitudes') || groups.includes('sicam')) for (const r of await requestListBench(url, seconds, Number(process.env.BENCH_ORDERS ?? 100_000))) say(r);
  if (wanted('entradas')) for (const r of await centralEntriesBench(url, Number(process.env.BENCH_ENTRY_ROWS ?? 10_000))) say(r);
  if (wanted('stock')) for (const r of await stockBench(url, seconds)) say(r);
  if (wanted('trazabilidad')) {
    const orders = Number(process.env.BENCH_ORDERS ?? 100_000);
    for (const r of await traceabilityBench(url, seconds, orders, Number(process.env.BENCH_MOVIMIENTOS ?? Math.floor(orders * 0.4)))) say(r);
  }
  if (wanted('pm')) for (const r of await pmBoardBench(url, seconds)) say(r);
  if (wanted('reportes')) for (const r of await reportsBench(url, seconds)) say(r);
  if (wanted('rentabilidad-pdf')) for (const r of await profitPdfBench(url)) say(r);
  if (wanted('salida500')) for (const r of await siteIssue500Bench(url, Number(process.env.BENCH_ISSUE500_RUNS ?? 20))) say(r);
} finally {
  await sql.end({ timeout: 5 });
  await stop();
}

const [{ model }] = cpus();
process.stdout.write(`\nMachine: ${cpus().length} cores (${model.trim()}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}\n\n`);
process.stdout.write('| benchmark | figures |\n|---|---|\n');
for (const r of results) {
  process.stdout.write(`| ${r.name} | ${Object.entries(r.figures).map(([k, v]) => `${k}: ${v}`).join(', ')} |\n`);
}
process.exit(0);
