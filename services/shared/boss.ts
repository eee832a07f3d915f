import { PgBoss } from 'pg-boss';
import type { Sql, TransactionSql } from 'postgres';

/** pg-boss's database adapter over postgres.js. Plain statements share the app's pool; pg-boss's
 * own multi-statement scripts (BEGIN … COMMIT, used by its migrations and maintenance) need one
 * session, so they run on a reserved connection. */
export function bossDb(sql: Sql) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      if (values.length === 0 && /\bBEGIN\b/i.test(text)) {
        const reserved = await sql.reserve();
        try {
          const rows = await reserved.unsafe(text);
          return { rows: Array.isArray(rows) ? [...rows] : [] };
        } finally {
          reserved.release();
        }
      }
      const rows = await sql.unsafe(text, values as never[]);
      return { rows: [...rows] };
    },
  };
}

/** The adapter for sending a job inside an open transaction (the outbox): the job row commits or
 * rolls back with the events. */
export function txDb(tx: TransactionSql) {
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const rows = await tx.unsafe(text, values as never[]);
      return { rows: [...rows] };
    },
  };
}

export type Boss = PgBoss;

export type BossOptions = { supervise?: boolean; schedule?: boolean; migrate?: boolean };

/** A pg-boss instance on the app's pool. Queues are created by `ensureQueues`. */
export function createBoss(sql: Sql, options: BossOptions = {}): PgBoss {
  return new PgBoss({
    db: bossDb(sql),
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    schedule: options.schedule ?? false,
    migrate: options.migrate ?? true,
  });
}
