import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../tests/harness/db';
import { migrate, MigrationChecksumError, migrationsDir } from './migrate';

const db = useTestDatabase();
const dir = mkdtempSync(join(tmpdir(), 'faena-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrations', () => {
  it('the template database has every migration applied, and applying again does nothing', async () => {
    const result = await migrate(db.sql);
    expect(result.applied).toEqual([]);
    expect(result.skipped.length).toBeGreaterThanOrEqual(4);
  });

  it('applies new files in order, each in its own transaction', async () => {
    cpSync(migrationsDir, dir, { recursive: true });
    writeFileSync(join(dir, '9001_probe.sql'), 'CREATE TABLE probe (id int);');
    writeFileSync(join(dir, '9002_broken.sql'), 'CREATE TABLE probe2 (id int); SELECT no_such_function();');
    await expect(migrate(db.sql, dir)).rejects.toThrow(/no_such_function/);
    const applied = await db.sql`SELECT name FROM schema_migrations WHERE name LIKE '900%' ORDER BY name`;
    expect(applied.map((r) => r.name)).toEqual(['9001_probe.sql']);
    // The failed file left nothing behind.
    expect((await db.sql`SELECT to_regclass('probe2') AS t`)[0].t).toBeNull();
    rmSync(join(dir, '9002_broken.sql'));
  });

  it('an edited, already-applied migration is refused with a message naming the file', async () => {
    const file = join(dir, '9001_probe.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- edited after it was applied\n`);
    const error = await migrate(db.sql, dir).catch((e) => e);
    expect(error).toBeInstanceOf(MigrationChecksumError);
    expect(error.message).toContain('9001_probe.sql');
    expect(error.message).toMatch(/ya fue aplicada y su contenido cambió/);
  });
});
