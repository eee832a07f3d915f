import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../tests/harness/db';
import { ConcurrencyError } from './errors';

const db = useTestDatabase();

describe('appendMany: many streams in one round trip', () => {
  it('appends each stream with its own versions, in order, and runs the inline projections over all of them', async () => {
    const results = await db.store.transaction((t) =>
      t.appendMany([
        { streamId: 'marca-9001', events: [{ type: 'RecordCreated', data: { id: 9001, fields: { nombre: 'Sany', estado: 1 } } }], options: { expectedVersion: 'no_stream' } },
        { streamId: 'marca-9002', events: [{ type: 'RecordCreated', data: { id: 9002, fields: { nombre: 'XCMG', estado: 1 } } }], options: { expectedVersion: 'no_stream' } },
        { streamId: 'marca-9001', events: [{ type: 'RecordUpdated', data: { id: 9001, changes: { nombre: { from: 'Sany', to: 'SANY' } } } }], options: { expectedVersion: 1 } },
      ]),
    );
    expect(results.map((r) => r.nextVersion)).toEqual([1, 1, 2]);
    expect(results[2].events[0].globalPosition).toBeGreaterThan(results[1].events[0].globalPosition);
    const rows = await db.sql`SELECT id, nombre, version FROM rm_marcas WHERE id IN (9001, 9002) ORDER BY id`;
    expect(rows).toEqual([{ id: 9001, nombre: 'SANY', version: 2 }, { id: 9002, nombre: 'XCMG', version: 1 }]);
  });

  it('a wrong expected version anywhere in the batch writes nothing', async () => {
    const before = await db.sql`SELECT count(*)::int AS n FROM es_events`;
    await expect(
      db.store.transaction((t) =>
        t.appendMany([
          { streamId: 'marca-9003', events: [{ type: 'RecordCreated', data: { id: 9003, fields: { nombre: 'Terex', estado: 1 } } }], options: { expectedVersion: 'no_stream' } },
          { streamId: 'marca-9001', events: [{ type: 'RecordUpdated', data: { id: 9001, changes: { nombre: { from: 'SANY', to: 'Sany' } } } }], options: { expectedVersion: 1 } },
        ]),
      ),
    ).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await db.sql`SELECT count(*)::int AS n FROM es_events`).toEqual(before);
    expect(await db.sql`SELECT id FROM rm_marcas WHERE id = 9003`).toEqual([]);
  });
});
