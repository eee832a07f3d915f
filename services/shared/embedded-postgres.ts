import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export type EmbeddedPostgres = {
  /** Connection string to the cluster's `postgres` database as superuser. */
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
};

export type EmbeddedPostgresOptions = {
  dataDir: string;
  port?: number;
  /** Extra `postgres` flags, e.g. fsync=off for throwaway test clusters. */
  flags?: string[];
  quiet?: boolean;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a PostgreSQL cluster in a child process (see embedded-postgres-child.mjs). The child
 * stops postgres when told, when this process disconnects, or when it receives a signal. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  mkdirSync(options.dataDir, { recursive: true });
  const port = options.port ?? (await freePort());
  const child: ChildProcess = fork(fileURLToPath(new URL('./embedded-postgres-child.mjs', import.meta.url)), [], {
    env: {
      ...process.env,
      FAENA_PG_DATA: options.dataDir,
      FAENA_PG_PORT: String(port),
      FAENA_PG_FLAGS: (options.flags ?? []).join(' '),
      FAENA_PG_QUIET: options.quiet === false ? '0' : '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`PostgreSQL embebido terminó antes de estar listo (código ${code})`)));
    child.on('message', (m: { type: string; url?: string; message?: string }) => {
      if (m.type === 'ready' && m.url) resolve(m.url);
      if (m.type === 'error') reject(new Error(`PostgreSQL embebido no pudo iniciar: ${m.message}`));
    });
  });
  child.removeAllListeners('exit');
  let stopped: Promise<void> | undefined;
  return {
    url,
    port,
    pid: child.pid ?? 0,
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        if (child.connected) child.send({ type: 'stop' });
        else child.kill('SIGTERM');
      });
      return stopped;
    },
  };
}
