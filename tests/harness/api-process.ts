import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { freePort } from '../../services/shared/embedded-postgres';
import { createTestDatabase, type TestDatabase } from './db';

export type ApiProcess = TestDatabase & {
  baseUrl: string;
  pid: number;
  /** The process's resident set size in bytes, from /proc. */
  rss(): number;
  output(): string;
};

/** `services/api/main.ts` as its own process (what docker-compose runs) on a test database with the
 * demo data: for checks that must see the server process alone, such as its memory. */
export function useApiProcess(env: Record<string, string> = {}): ApiProcess {
  const handle = {} as ApiProcess;
  let child: ChildProcess | undefined;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const db = await createTestDatabase({ demo: true });
    drop = db.drop;
    const port = await freePort();
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', join(projectRoot, 'services/api/main.ts')], {
      cwd: projectRoot,
      env: { ...process.env, ...env, DATABASE_URL: db.url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', FAENA_WEB_DIR: '/nonexistent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const baseUrl = `http://127.0.0.1:${port}`;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the API process ended: ${output}`);
      const up = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
      if (up) break;
      if (Date.now() > until) throw new Error(`the API process did not answer in time: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const pid = child.pid!;
    Object.assign(handle, db, {
      baseUrl,
      pid,
      output: () => output,
      rss() {
        const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
        return Number(kb) * 1024;
      },
    });
  }, 120_000);
  afterAll(async () => {
    if (child && child.exitCode === null) {
      const ended = new Promise((r) => child!.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await drop?.();
  });
  return handle;
}
