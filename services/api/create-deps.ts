import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { PgBoss } from 'pg-boss';
import type { Sql } from 'postgres';
import type { EventStore } from '../../events/store';
import type { Config } from '../shared/config';
import { createSicamClient } from '../shared/sicam-client';
import type { Logger } from '../shared/logger';
import { parseTrustProxy } from './platform/client-address';
import type { ApiDeps } from './platform/deps';

/** The captcha HMAC key is shared by every replica: created once, kept in app_secrets. */
async function captchaKey(sql: Sql): Promise<string> {
  await sql`INSERT INTO app_secrets (key, value) VALUES ('captcha_hmac_key', ${randomBytes(32).toString('hex')}) ON CONFLICT DO NOTHING`;
  const [row] = await sql`SELECT value FROM app_secrets WHERE key = 'captcha_hmac_key'`;
  return row.value as string;
}

export async function createApiDeps(options: {
  sql: Sql;
  store: EventStore;
  boss: PgBoss | null;
  log: Logger;
  config: Pick<Config, 'dataDir' | 'port'> & Partial<Pick<Config, 'sicamUrl' | 'sicamToken'>>;
  now?: () => Date;
}): Promise<ApiDeps> {
  return {
    sql: options.sql,
    store: options.store,
    boss: options.boss,
    sicam: options.config.sicamUrl ? createSicamClient({ url: options.config.sicamUrl, token: options.config.sicamToken }) : null,
    log: options.log,
    now: options.now ?? (() => new Date()),
    config: {
      dataDir: options.config.dataDir,
      uploadsDir: process.env.FAENA_UPLOADS_DIR ?? join(options.config.dataDir, 'uploads'),
      captchaKey: await captchaKey(options.sql),
      sessionHours: Number(process.env.SESSION_HOURS ?? 12),
      publicUrl: process.env.PUBLIC_URL ?? `http://localhost:${options.config.port}`,
      trustProxy: parseTrustProxy(process.env.TRUST_PROXY),
    },
  };
}
