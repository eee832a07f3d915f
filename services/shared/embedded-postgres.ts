import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, realpathSync, statSync, symlinkSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
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

function othersCanTraverse(dir: string): boolean {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(d) && (statSync(d).mode & 0o001) === 0) return false;
    if (d === dirname(d)) return true;
  }
}

/** PostgreSQL refuses to run as root, so as root it runs as the unprivileged `postgres` user,
 * which must reach the data directory. When the project sits under a directory closed to other
 * users (a 0700 home, say), the cluster lives in /var/lib/faena-pg/<hash of the path> instead and
 * the data directory becomes a symlink to it: the data still appears under ./.data/. */
export function resolveDataDir(dataDir: string): string {
  const wanted = resolve(dataDir);
  if (process.getuid?.() !== 0 || othersCanTraverse(dirname(wanted))) {
    mkdirSync(wanted, { recursive: true });
    return wanted;
  }
  if (!existsSync(wanted)) {
    const target = `/var/lib/faena-pg/${createHash('sha256').update(wanted).digest('hex').slice(0, 16)}`;
    mkdirSync(target, { recursive: true, mode: 0o755 });
    mkdirSync(dirname(wanted), { recursive: true });
    symlinkSync(target, wanted);
  }
  return realpathSync(wanted);
}

/** Starts a PostgreSQL cluster in a child process (see embedded-postgres-child.mjs). The child
 * stops postgres when told, when this process disconnects, or when it receives a signal. */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = resolveDataDir(options.dataDir);
  const port = options.port ?? (await freePort());
  const child: ChildProcess = fork(fileURLToPath(new URL('./embedded-postgres-child.mjs', import.meta.url)), [], {
    env: {
      ...process.env,
      FAENA_PG_DATA: dataDir,
      FAENA_PG_PORT: String(port),
      FAENA_PG_FLAGS: (options.flags ?? []).join(' '),
      FAENA_PG_QUIET: options.quiet === false ? '0' : '1',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [],
    // Its own process group: Ctrl-C reaches the parent, which shuts down in order and then
    // stops the cluster; the cluster must not die under it first.
    detached: true,
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
