import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../services/shared/config';
import { openDatabase, type Database } from '../services/shared/database';
import { createLogger } from '../services/shared/logger';

/** For command-line tools: DATABASE_URL; else the embedded cluster of a running `npm start`
 * (its address is in .data/runtime.json); else the embedded cluster started for this command. */
export async function cliDatabase(): Promise<Database> {
  const config = loadConfig();
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, stop: async () => {} };
  const runtimeFile = join(config.dataDir, 'runtime.json');
  if (existsSync(runtimeFile)) {
    const runtime = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { databaseUrl: string; pid: number };
    if (isAlive(runtime.pid)) return { url: runtime.databaseUrl, embedded: true, stop: async () => {} };
  }
  return openDatabase(config, createLogger({ service: 'cli' }, true));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
