import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Sql } from 'postgres';

export const migrationsDir = fileURLToPath(new URL('.', import.meta.url));

export type MigrationResult = { applied: string[]; skipped: string[] };

export class MigrationChecksumError extends Error {
  constructor(readonly file: string) {
    super(
      `La migración ${file} ya fue aplicada y su contenido cambió (checksum distinto). ` +
        `No edite una migración aplicada: cree una nueva.`,
    );
    this.name = 'MigrationChecksumError';
  }
}

/** Applies the numbered SQL files in order, each in its own transaction, recording name and
 * checksum. An applied file whose checksum changed is refused with a message naming it. A
 * transaction-level advisory lock keeps concurrent starters (API replicas) from racing. */
export async function migrate(sql: Sql, dir = migrationsDir): Promise<MigrationResult> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`;
  const result: MigrationResult = { applied: [], skipped: [] };
  for (const file of files) {
    const text = await readFile(join(dir, file), 'utf8');
    const checksum = createHash('sha256').update(text).digest('hex');
    await sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(hashtext('faena:migrations'))`;
      const [row] = await tx<{ checksum: string }[]>`SELECT checksum FROM schema_migrations WHERE name = ${file}`;
      if (row) {
        if (row.checksum !== checksum) throw new MigrationChecksumError(file);
        result.skipped.push(file);
        return;
      }
      await tx.unsafe(text);
      await tx`INSERT INTO schema_migrations (name, checksum) VALUES (${file}, ${checksum})`;
      result.applied.push(file);
    });
  }
  return result;
}
