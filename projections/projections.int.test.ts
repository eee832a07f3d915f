import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRecord, removeRecord, setRecordEnabled, updateRecord } from '../events/record/commands';
import { projectRoot } from '../services/shared/config';
import { useTestDatabase } from '../tests/harness/db';
import { waitFor } from '../tests/harness/wait';
import { activityLogProjection } from './activity-log';
import { asyncProjections } from './registry';
import { processBatch, readCheckpoint, startProjector } from './runner';

const db = useTestDatabase();

async function snapshot(table: string, key: string) {
  return db.sql.unsafe(`SELECT * FROM ${table} ORDER BY ${key}`);
}

async function eventCount() {
  const [{ n }] = await db.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

async function activityLogCaughtUp() {
  const [{ n }] = await db.sql`SELECT count(*)::int AS n FROM rm_activity_log`;
  return n === (await eventCount());
}

/** Runs an npm script of this project as a child process against the test database. */
function runScript(args: string[]) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'silent' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

async function scriptedHistory() {
  const { store } = db;
  const meta = { userId: 1, sessionId: 'sess-a' };
  const marcas: number[] = [];
  for (const nombre of ['Caterpillar', 'Komatsu', 'Volvo', 'Bomag']) {
    marcas.push((await createRecord(store, 'marca', { nombre, estado: 1 }, { metadata: meta })).id);
  }
  const modelos: number[] = [];
  for (const [i, nombre] of ['320', '336', 'PC200-8', 'EC210D', 'BW 211'].entries()) {
    modelos.push((await createRecord(store, 'modelo', { id_marca: marcas[i % marcas.length], nombre, estado: 1 }, { metadata: meta })).id);
  }
  const kg = await createRecord(store, 'unidad', { nombre: 'KG', decimales: 2, etiquetas: 'kilo', estado: 1 });
  await updateRecord(store, 'unidad', kg.id, { nombre: 'Kg', etiquetas: 'kilogramo' }, { metadata: { userId: 2, originalUserId: 1 } });
  await setRecordEnabled(store, 'marca', marcas[3], false);
  await setRecordEnabled(store, 'marca', marcas[3], true);
  await setRecordEnabled(store, 'modelo', modelos[1], false);
  await updateRecord(store, 'modelo', modelos[2], { nombre: 'PC200-8M0' });
  await removeRecord(store, 'modelo', modelos[4]);
  // Some noise from other streams the record projection ignores but the log keeps.
  for (let i = 0; i < 20; i++) await store.append(`note-${i % 3}`, [{ type: 'Noted', data: { i } }]);
}

describe('projections', () => {
  it('rebuild (npm run projections:rebuild) yields exactly the live tables, row by row', async () => {
    await scriptedHistory();
    const projector = await startProjector(db.sql, db.store, asyncProjections, { pollMs: 100 });
    await waitFor(activityLogCaughtUp);
    await projector.stop();

    const tables = [
      ['rm_unidades', 'id'],
      ['rm_marcas', 'id'],
      ['rm_modelos', 'id'],
      ['rm_activity_log', 'global_position'],
    ] as const;
    const live = await Promise.all(tables.map(([t, k]) => snapshot(t, k)));
    expect(live[2].length).toBe(4); // one model removed
    expect(live[3].length).toBe(await eventCount());

    // Damage the read models: a rebuild must not depend on what they hold.
    await db.sql`UPDATE rm_marcas SET nombre = 'dañado'`;
    await db.sql`DELETE FROM rm_activity_log WHERE global_position % 2 = 0`;

    const run = await runScript(['scripts/projections-rebuild.ts']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/activity_log: \d+ eventos leídos, \d+ aplicados .* eventos\/s/);
    expect(run.stderr).toMatch(/\[#+\]/); // the progress bar

    const rebuilt = await Promise.all(tables.map(([t, k]) => snapshot(t, k)));
    for (let i = 0; i < tables.length; i++) expect(rebuilt[i], tables[i][0]).toEqual(live[i]);
    // The checkpoint points at the end: a projector started now has nothing to redo.
    const cp = await readCheckpoint(db.sql, 'activity_log');
    const [{ p }] = await db.sql`SELECT max(global_position)::bigint AS p FROM es_events`;
    expect(cp.globalPosition).toBe(Number(p));
  });

  it('an unknown projection name is refused with the list of names', async () => {
    const run = await runScript(['scripts/projections-rebuild.ts', 'nope']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Proyección desconocida: nope');
  });

  it('killing a projector mid-batch and restarting loses and duplicates nothing', async () => {
    const { store, sql } = db;
    await sql`TRUNCATE rm_activity_log`;
    await sql`DELETE FROM es_checkpoints WHERE projector = 'activity_log'`;
    // 40,000 more events, written in large appends to be quick.
    for (let s = 0; s < 40; s++) {
      await store.append(`bulk-${s}`, Array.from({ length: 1000 }, (_, i) => ({ type: 'Noted', data: { s, i, text: 'x'.repeat(200) } })));
    }
    const total = await eventCount();

    const start = () =>
      // Node itself (not npx) so that SIGKILL hits the projector, not a wrapper.
      spawn(process.execPath, ['--import', 'tsx', 'services/projector/main.ts'], {
        cwd: projectRoot,
        env: { ...process.env, DATABASE_URL: db.url, PROJECTIONS: 'activity_log', LOG_LEVEL: 'silent', PROJECTOR_POLL_MS: '100' },
        stdio: 'ignore',
      });
    const first = start();
    // Wait until it is inside a batch: an INSERT into the log running in an open transaction,
    // with some batches already committed.
    await waitFor(async () => {
      const [{ n }] = await sql`SELECT count(*)::int AS n FROM rm_activity_log`;
      const active = await sql`SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'faena-projector'
          AND state = 'active' AND query LIKE 'INSERT INTO rm_activity_log%'`;
      return n > 0 && active.length > 0;
    }, 60_000, 2);
    first.kill('SIGKILL');
    await new Promise((r) => first.on('exit', r));
    const [{ partial }] = await sql`SELECT count(*)::int AS partial FROM rm_activity_log`;
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(total);

    const second = start();
    try {
      await waitFor(activityLogCaughtUp, 60_000, 50);
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.on('exit', r));
    }
    const [{ rows, distinct, missing }] = await sql`
      SELECT count(*)::int AS rows, count(DISTINCT global_position)::int AS distinct,
             (SELECT count(*)::int FROM es_events e WHERE NOT EXISTS
               (SELECT 1 FROM rm_activity_log l WHERE l.global_position = e.global_position)) AS missing
        FROM rm_activity_log`;
    expect({ rows, distinct, missing }).toEqual({ rows: total, distinct: total, missing: 0 });
  });

  it('one active runner per projection: a standby takes over when the leader stops', async () => {
    const { store, sql } = db;
    const a = await startProjector(sql, store, [activityLogProjection], { pollMs: 50 });
    await waitFor(async () => a.isLeader('activity_log'));
    const b = await startProjector(sql, store, [activityLogProjection], { pollMs: 50 });
    await new Promise((r) => setTimeout(r, 200));
    expect(b.isLeader('activity_log')).toBe(false);
    await store.append('note-standby', [{ type: 'Noted', data: {} }]);
    await waitFor(activityLogCaughtUp);
    await a.stop();
    await waitFor(async () => b.isLeader('activity_log'), 5000);
    await store.append('note-standby', [{ type: 'Noted', data: { after: true } }]);
    await waitFor(activityLogCaughtUp);
    await b.stop();
  });

  it('a checkpoint moved by another runner makes the batch roll back (compare-and-set)', async () => {
    const { store, sql } = db;
    await sql`CREATE TABLE cas_probe (global_position bigint)`;
    const probe = {
      name: 'cas_probe',
      handles: () => true,
      async apply(tx: Parameters<typeof activityLogProjection.apply>[0], events: { globalPosition: number }[]) {
        for (const e of events) await tx`INSERT INTO cas_probe VALUES (${e.globalPosition})`;
      },
      async reset() {},
      batchSize: 10,
    };
    await store.append('note-cas', [{ type: 'Noted', data: {} }]);
    const start = await readCheckpoint(sql, 'cas_probe');
    // Another runner moves the checkpoint after this one read it.
    await sql`UPDATE es_checkpoints SET last_position = 1, last_txid = '1' WHERE projector = 'cas_probe'`;
    const result = await processBatch(sql, store, probe, start);
    expect(result.to).toBeNull();
    const [{ n }] = await sql`SELECT count(*)::int AS n FROM cas_probe`;
    expect(n).toBe(0);
    // From the real checkpoint it applies and advances.
    const ok = await processBatch(sql, store, probe, await readCheckpoint(sql, 'cas_probe'));
    expect(ok.to).not.toBeNull();
    expect(ok.applied.length).toBeGreaterThan(0);
  });
});
