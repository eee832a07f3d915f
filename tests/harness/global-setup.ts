import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createBoss } from '../../services/shared/boss';
import { createSql, type Sql } from '../../services/shared/db';
import { startEmbeddedPostgres } from '../../services/shared/embedded-postgres';
import { migrate } from '../../migrations/migrate';
import { createEventStore } from '../../events/store';
import { execute } from '../../events/execute';
import { notifications } from '../../events/notification/decider';
import { asyncProjections, inlineProjections, reactors } from '../../projections/registry';
import { processReactorBatch, reactorCheckpoint } from '../../projections/reactors/runner';
import { readCheckpoint } from '../../projections/runner';
import { rebuildProjection } from '../../projections/rebuild';
import { loadDemoData } from '../../services/demo/demo-data';
import { ensureQueues } from '../../services/worker/worker';
import { projectRoot } from '../../services/shared/config';

declare module 'vitest' {
  export interface ProvidedContext {
    pgAdminUrl: string;
    pgTemplate: string;
    pgDemoTemplate: string;
  }
}

/** Flags for throwaway clusters: durability is not needed, speed is. */
export const THROWAWAY_PG_FLAGS = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=400'];

type Server = { url: string; stop(): Promise<void> };

async function fromTestcontainers(): Promise<Server | undefined> {
  if (process.env.FAENA_NO_DOCKER === '1') return undefined;
  try {
    const tc = await import('testcontainers');
    await tc.getContainerRuntimeClient();
    const container = await new tc.GenericContainer('postgres:17-alpine')
      .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
      .withCommand(['postgres', ...THROWAWAY_PG_FLAGS])
      .withExposedPorts(5432)
      .withWaitStrategy(tc.Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    return {
      url: `postgres://postgres:postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
      stop: async () => void (await container.stop()),
    };
  } catch {
    return undefined; // No Docker engine here: fall back to a cluster of our own.
  }
}

async function fromEmbedded(): Promise<Server> {
  const dir = mkdtempSync(join(tmpdir(), 'faena-test-pg-'));
  chmodSync(dir, 0o755); // the unprivileged postgres user must reach its data directory
  const pg = await startEmbeddedPostgres({ dataDir: join(dir, 'data'), flags: THROWAWAY_PG_FLAGS });
  return {
    url: pg.url,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Cluster = { server: Server; admin: Sql; template: string; demoTemplate: string; demoUploads: string };
type Shared = { cluster: Promise<Cluster>; users: number };

/** One cluster per run, shared by the projects that need it (int and e2e): each project's global
 * setup runs in this same process, but in a module instance of its own, hence globalThis. */
const SHARED = Symbol.for('faena.tests.postgres');
const registry = globalThis as typeof globalThis & { [SHARED]?: Shared };

/** PostgreSQL for the whole run: DATABASE_URL, else testcontainers when a Docker engine answers,
 * else a throwaway embedded cluster removed afterwards. A template database gets the migrations
 * and the job-queue schema once, a second one the demo data; each test file clones one of them
 * (tests/harness/db.ts). The e2e project also builds the web app, in production mode: the browser
 * tests exercise what users get (vitest itself runs with NODE_ENV=test). The unit project has no
 * global setup at all. */
export default async function setup(project: TestProject) {
  if (project.name === 'e2e') buildWeb();
  const shared = (registry[SHARED] ??= { cluster: startCluster(), users: 0 });
  shared.users += 1;
  const { server, template, demoTemplate } = await shared.cluster;
  project.provide('pgAdminUrl', server.url);
  project.provide('pgTemplate', template);
  project.provide('pgDemoTemplate', demoTemplate);

  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[SHARED];
    const { admin, demoUploads } = await shared.cluster;
    rmSync(demoUploads, { recursive: true, force: true });
    const leftovers = await admin<{ datname: string }[]>`
      SELECT datname FROM pg_database WHERE datname LIKE ${`faena_t_${process.pid}_%`} OR datname = ${template} OR datname = ${demoTemplate}`;
    for (const { datname } of leftovers) await admin.unsafe(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await admin.end();
    await server.stop();
  };
}

/** The production build the browser tests serve (FAENA_WEB_OUT moves it, see web/vite.config.ts). */
function buildWeb(): void {
  execFileSync(process.execPath, [join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: projectRoot,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function startCluster(): Promise<Cluster> {
  const server: Server = process.env.DATABASE_URL
    ? { url: process.env.DATABASE_URL, stop: async () => {} }
    : ((await fromTestcontainers()) ?? (await fromEmbedded()));
  const template = `faena_tpl_${process.pid}`;
  const admin = createSql(server.url, { max: 1 });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
  await admin.unsafe(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(server.url, template);
  const sql = createSql(templateUrl, { max: 2 });
  await migrate(sql);
  const boss = createBoss(sql, { supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
  await sql.end();
  // The demo data set is loaded once into a second template: API and browser tests clone it.
  const demoTemplate = `${template}_demo`;
  await admin.unsafe(`CREATE DATABASE ${demoTemplate} TEMPLATE ${template}`);
  const demoSql = createSql(withDatabase(server.url, demoTemplate), { max: 2 });
  const demoStore = createEventStore(demoSql, { inlineProjections });
  // Approvals in the demo queue their SICAM pushes as the API does (no worker runs here).
  const demoBoss = createBoss(demoSql, { supervise: false, schedule: false, migrate: false });
  await demoBoss.start();
  await ensureQueues(demoBoss);
  // The demo imports its Excel of central entries: the stored copy goes to a folder of this run.
  const demoUploads = mkdtempSync(join(tmpdir(), 'faena-demo-uploads-'));
  await loadDemoData(demoStore, { boss: demoBoss, kit: true, uploadsDir: demoUploads });
  // The reactors catch up once too, as a running system's have: the demo's history has notified
  // its people and finished its requests, and a browser test opens on the present instead of a
  // burst of live toasts about the demo's past. Rounds until none has anything left (a reactor's
  // events may be another's input).
  for (let round = 0; round < 10; round++) {
    let busy = false;
    for (const reactor of reactors) {
      let from = await readCheckpoint(demoSql, reactorCheckpoint(reactor.name));
      for (;;) {
        const batch = await processReactorBatch(demoSql, demoStore, reactor, from);
        if (batch.read === 0) break;
        busy = true;
        from = batch.to!;
      }
    }
    if (!busy) break;
  }
  // ... and its people have read what the demo's past told them: only what a test itself causes
  // toasts in its browser.
  const unread = await demoSql<{ id: number; id_user: number }[]>`SELECT id::int, id_user::int FROM rm_notifications WHERE read_at IS NULL ORDER BY id`;
  for (let i = 0; i < unread.length; i += 200) {
    const slice = unread.slice(i, i + 200);
    await execute(demoStore, async (c) => {
      const streams = await c.loadMany(notifications, slice.map((n) => n.id));
      streams.forEach((s, j) => s.decide({ type: 'ReadNotification', id: slice[j].id, userId: slice[j].id_user }));
    });
  }
  await demoBoss.stop({ graceful: false, close: false });
  // The async projections catch up once here, so each clone's projector starts at the end of
  // the demo events instead of replaying them per test file.
  for (const projection of asyncProjections) await rebuildProjection(demoSql, demoStore, projection, 'async');
  await demoSql.end();
  return { server, admin, template, demoTemplate, demoUploads };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
