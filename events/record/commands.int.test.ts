import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../tests/harness/db';
import { ConcurrencyError } from '../errors';
import { executeOn } from '../execute';
import { createRecord, recordAggregate, updateRecord } from './commands';

const db = useTestDatabase();

describe('record commands: load, decide, append with the version read', () => {
  it('runs a command through the decider and keeps the inline read model in the same transaction', async () => {
    const { store, sql } = db;
    const { id } = await createRecord(store, 'marca', { nombre: 'Caterpillar', estado: 1 }, { metadata: { userId: 3 } });
    await updateRecord(store, 'marca', id, { nombre: 'CAT' }, { metadata: { userId: 4 } });
    const [row] = await sql`SELECT nombre, estado, version FROM rm_marcas WHERE id = ${id}`;
    expect(row).toEqual({ nombre: 'CAT', estado: 1, version: 2 });
    const history = await store.readStream(`marca-${id}`);
    expect(history.map((e) => [e.type, e.metadata.userId])).toEqual([
      ['RecordCreated', 3],
      ['RecordUpdated', 4],
    ]);
    expect(history[1].data).toEqual({ id, changes: { nombre: { from: 'Caterpillar', to: 'CAT' } } });
  });

  it('two users saving the same record from the same version: the second gets a conflict', async () => {
    const { store } = db;
    const { id } = await createRecord(store, 'marca', { nombre: 'Volvo', estado: 1 });
    const streamId = `marca-${id}`;
    // Both handlers read version 1 before either appends (a barrier after the read).
    let arrived = 0;
    let go!: () => void;
    const barrier = new Promise<void>((r) => (go = r));
    const racing = {
      ...store,
      async readStream(...args: Parameters<typeof store.readStream>) {
        const events = await store.readStream(...args);
        if (++arrived === 2) go();
        await barrier;
        return events;
      },
    };
    const both = await Promise.allSettled([
      executeOn(racing, recordAggregate('marca'), id, { type: 'UpdateRecord', id, fields: { nombre: 'Volvo CE' } }),
      executeOn(racing, recordAggregate('marca'), id, { type: 'UpdateRecord', id, fields: { nombre: 'VOLVO' } }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled').length).toBe(1);
    const [rejected] = both.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(rejected.reason).toBeInstanceOf(ConcurrencyError);
    expect(rejected.reason.status).toBe(409);
    expect(await store.streamVersion(streamId)).toBe(2);
  });

  it('a retried command (same command id) is stored once and reported as success', async () => {
    const { store, sql } = db;
    const { id } = await createRecord(store, 'unidad', { nombre: 'KG', decimales: 2, estado: 1 });
    const first = await updateRecord(store, 'unidad', id, { decimales: 3 }, { commandId: 'cmd-42' });
    const retry = await updateRecord(store, 'unidad', id, { decimales: 3 }, { commandId: 'cmd-42' });
    expect(first.idempotent).toBe(false);
    expect(retry.idempotent).toBe(true);
    expect(retry.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    const [{ count }] = await sql`SELECT count(*)::int AS count FROM es_events WHERE stream_id = ${`unidad-${id}`}`;
    expect(count).toBe(2);
  });

  it('a rejected command writes nothing', async () => {
    const { store, sql } = db;
    const [{ before }] = await sql`SELECT count(*)::int AS before FROM es_events`;
    await expect(updateRecord(store, 'unidad', 9999, { nombre: 'x' })).rejects.toMatchObject({ status: 404 });
    const [{ after }] = await sql`SELECT count(*)::int AS after FROM es_events`;
    expect(after).toBe(before);
  });
});
