import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../services/shared/config';
import { createSql } from '../services/shared/db';
import { freePort } from '../services/shared/embedded-postgres';

// The README's promise, checked for real: `npm start` from a clean copy with no DATABASE_URL.
const copy = mkdtempSync(join(tmpdir(), 'faena-clean-copy-'));
const SKIP = new Set(['node_modules', '.data', '.git', 'tmp']);
cpSync(projectRoot, copy, {
  recursive: true,
  filter: (src) => {
    const rel = relative(projectRoot, src);
    return !SKIP.has(rel.split('/')[0]) && !rel.startsWith('web/dist');
  },
});
symlinkSync(join(projectRoot, 'node_modules'), join(copy, 'node_modules'));

let running: ChildProcess | undefined;
afterAll(() => {
  try {
    if (running?.pid) process.kill(-running.pid, 'SIGKILL');
  } catch {
    // already gone
  }
  const pg = join(copy, '.data', 'pg');
  if (existsSync(pg)) rmSync(realpathSync(pg), { recursive: true, force: true });
  rmSync(copy, { recursive: true, force: true });
});

function npmStart(port: number) {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  delete env.FAENA_DATA_DIR;
  delete env.NODE_ENV; // vitest's 'test' would make the build a development one: start as a user does
  const child = spawn('npm', ['start'], { cwd: copy, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  running = child;
  return { child, output: () => output };
}

async function waitForHome(port: number, log: () => string) {
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      if (res.status === 200 && (await res.text()).includes('<div id="root">')) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`npm start did not serve / in time:\n${log()}`);
}

/** Ctrl-C: SIGINT to the whole foreground process group. npm itself dies of the signal; the
 * product must log its orderly stop and leave no process behind. */
async function stopWithCtrlC(child: ChildProcess, output: () => string) {
  const exited = new Promise<void>((r) => child.on('exit', () => r()));
  process.kill(-child.pid!, 'SIGINT');
  await exited;
  // The group may outlive npm for a moment while the service finishes its shutdown.
  const until = Date.now() + 20_000;
  while (Date.now() < until && !output().includes('"msg":"stopped"')) await new Promise((r) => setTimeout(r, 100));
  return output().includes('"msg":"stopped"');
}

function postgresProcessesOf(dataDir: string): string[] {
  try {
    return execFileSync('pgrep', ['-af', dataDir], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function dataSummary() {
  const runtime = JSON.parse(readFileSync(join(copy, '.data', 'runtime.json'), 'utf8')) as { databaseUrl: string };
  const sql = createSql(runtime.databaseUrl, { max: 1 });
  try {
    // Streams, not events: after the start the worker and the reactors append to the demo's streams
    // (SICAM outcomes of the demo approvals, the orders following their requests) and write
    // notifications; no other stream is created without a user.
    const [row] = await sql`SELECT (SELECT count(*)::int FROM es_streams WHERE stream_type <> 'notification') AS streams,
      (SELECT count(*)::int FROM rm_marcas) AS marcas, (SELECT string_agg(nombre, ',' ORDER BY id) FROM rm_unidades) AS unidades`;
    return row;
  } finally {
    await sql.end();
  }
}

describe('npm start', () => {
  it('starts from a clean copy on embedded PostgreSQL, stops cleanly on Ctrl-C, keeps the data', async () => {
    const port = await freePort();
    const first = npmStart(port);
    await waitForHome(port, first.output);
    const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
    expect(health).toEqual({ ok: true, msg: '', errors: {} });
    const before = await dataSummary();
    expect(before.streams).toBeGreaterThan(50); // the demo data set, written as events
    expect(before.marcas).toBeGreaterThan(5);

    // The cluster's real directory (a symlink target when the copy sits in a closed directory).
    const dataDir = realpathSync(join(copy, '.data', 'pg'));
    expect(postgresProcessesOf(dataDir).length).toBeGreaterThan(0);
    expect(await stopWithCtrlC(first.child, first.output), first.output().slice(-3000)).toBe(true);
    expect(postgresProcessesOf(dataDir)).toEqual([]);
    expect(existsSync(join(copy, '.data', 'runtime.json'))).toBe(false);

    const second = npmStart(port);
    await waitForHome(port, second.output);
    const after = await dataSummary();
    expect(after).toEqual(before); // same data, demo not loaded twice
    expect(second.output()).not.toContain('demo data loaded');
    expect(await stopWithCtrlC(second.child, second.output), second.output().slice(-3000)).toBe(true);
    expect(postgresProcessesOf(dataDir)).toEqual([]);
  }, 300_000);
});
