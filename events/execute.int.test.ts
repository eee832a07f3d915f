import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../tests/harness/db';
import { ConcurrencyError } from './errors';
import { execute, withCommandIds } from './execute';
import { createRecord, recordAggregate } from './record/commands';

const db = useTestDatabase();
const marca = recordAggregate('marca');
const unidad = recordAggregate('unidad');

async function counter(name: string): Promise<number> {
  const [row] = await db.sql<{ last_id: number }[]>`SELECT last_id FROM es_id_counters WHERE name = ${name}`;
  return row ? Number(row.last_id) : 0;
}

describe('execute: the one command entry point', () => {
  it('decides on two streams and appends both in one transaction, with ids allocated inside it', async () => {
    const { store, sql } = db;
    const r = await execute(store, async (c) => {
      const id = await c.nextId('marca');
      c.start(marca, id).decide({ type: 'CreateRecord', id, fields: { nombre: 'Komatsu', estado: 1 } });
      const [u] = await c.nextIds('unidad', 1);
      c.start(unidad, u).decide({ type: 'CreateRecord', id: u, fields: { nombre: 'GLN', decimales: 2, estado: 1 } });
      return { id, u };
    }, { metadata: { userId: 7 } });
    expect(new Set(r.events.map((e) => e.transactionId)).size).toBe(1);
    expect(r.events.map((e) => e.streamId)).toEqual([`marca-${r.value.id}`, `unidad-${r.value.u}`]);
    // The inline projections ran in the same transaction.
    const [m] = await sql`SELECT nombre FROM rm_marcas WHERE id = ${r.value.id}`;
    const [u] = await sql`SELECT nombre FROM rm_unidades WHERE id = ${r.value.u}`;
    expect([m?.nombre, u?.nombre]).toEqual(['Komatsu', 'GLN']);
    expect(r.versions).toEqual({ [`marca-${r.value.id}`]: 1, [`unidad-${r.value.u}`]: 1 });
  });

  it('a refusal on the second stream leaves the first unchanged and burns no id', async () => {
    const { store, sql } = db;
    const { id: existing } = await createRecord(store, 'marca', { nombre: 'Hitachi', estado: 1 });
    const before = await counter('unidad');
    const [{ count: eventsBefore }] = await sql`SELECT count(*)::int AS count FROM es_events`;
    await expect(execute(store, async (c) => {
      const m = await c.load(marca, existing);
      m.decide({ type: 'UpdateRecord', id: existing, fields: { nombre: 'HITACHI' } });
      const u = await c.nextId('unidad');
      // The second stream does not exist: the record decider refuses with 404.
      const missing = await c.load(unidad, 999_999);
      missing.decide({ type: 'UpdateRecord', id: 999_999, fields: { nombre: 'x' } });
      return u;
    })).rejects.toMatchObject({ name: 'CommandRejected', status: 404 });
    const [{ count: eventsAfter }] = await sql`SELECT count(*)::int AS count FROM es_events`;
    expect(eventsAfter).toBe(eventsBefore);
    expect(await counter('unidad')).toBe(before);
    const [m] = await sql`SELECT nombre, version FROM rm_marcas WHERE id = ${existing}`;
    expect(m).toEqual({ nombre: 'Hitachi', version: 1 });
  });

  it('a conflict on the second stream rolls back the first stream too', async () => {
    const { store, sql } = db;
    const a = await createRecord(store, 'marca', { nombre: 'Liebherr', estado: 1 });
    const b = await createRecord(store, 'unidad', { nombre: 'M3', decimales: 2, estado: 1 });
    let releaseRead!: () => void;
    const read = new Promise<void>((r) => (releaseRead = r));
    let continueWork!: () => void;
    const proceed = new Promise<void>((r) => (continueWork = r));
    const racing = execute(store, async (c) => {
      const m = await c.load(marca, a.id);
      const u = await c.load(unidad, b.id);
      releaseRead();
      await proceed;
      m.decide({ type: 'UpdateRecord', id: a.id, fields: { nombre: 'LIEBHERR' } });
      u.decide({ type: 'UpdateRecord', id: b.id, fields: { nombre: 'm3' } });
    });
    await read;
    // Another writer moves the second stream on after the command read it.
    await execute(store, async (c) => (await c.load(unidad, b.id)).decide({ type: 'UpdateRecord', id: b.id, fields: { decimales: 3 } }));
    continueWork();
    await expect(racing).rejects.toBeInstanceOf(ConcurrencyError);
    expect(await store.streamVersion(`marca-${a.id}`)).toBe(1);
    const [m] = await sql`SELECT nombre FROM rm_marcas WHERE id = ${a.id}`;
    expect(m.nombre).toBe('Liebherr');
    expect(await store.streamVersion(`unidad-${b.id}`)).toBe(2);
  });

  it('the version a form was loaded at is checked before deciding (409)', async () => {
    const { store } = db;
    const { id } = await createRecord(store, 'marca', { nombre: 'Sany', estado: 1 });
    await expect(execute(store, async (c) => (await c.load(marca, id, { expectedVersion: 0 })).decide({ type: 'UpdateRecord', id, fields: { nombre: 'SANY' } })))
      .rejects.toMatchObject({ status: 409 });
  });

  it('the same command id is stored once: a replay answers with the first events, and allocates nothing', async () => {
    const { store, sql } = db;
    const work = async (c: Parameters<Parameters<typeof execute>[1]>[0]) => {
      const id = await c.nextId('marca');
      c.start(marca, id).decide({ type: 'CreateRecord', id, fields: { nombre: 'JCB', estado: 1 } });
      const [u] = await c.nextIds('unidad', 1);
      c.start(unidad, u).decide({ type: 'CreateRecord', id: u, fields: { nombre: 'PZA', decimales: 0, estado: 1 } });
      return id;
    };
    const first = await execute(store, work, { commandId: 'cmd-exec-1' });
    const marcas = await counter('marca');
    const retry = await execute(store, work, { commandId: 'cmd-exec-1' });
    expect(first.idempotent).toBe(false);
    expect(retry.idempotent).toBe(true);
    expect(retry.events.map((e) => e.id)).toEqual(first.events.map((e) => e.id));
    expect(retry.versions).toEqual(first.versions);
    expect(await counter('marca')).toBe(marcas);
    const [{ count }] = await sql`SELECT count(*)::int AS count FROM es_events WHERE metadata->>'causationId' = 'cmd-exec-1'`;
    expect(count).toBe(2);
  });

  it('ten concurrent deliveries of one command id store one set of events', async () => {
    const { store, sql } = db;
    const { id } = await createRecord(store, 'marca', { nombre: 'Bobcat', estado: 1 });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => execute(store, async (c) => {
      (await c.load(marca, id)).decide({ type: 'UpdateRecord', id, fields: { nombre: 'BOBCAT' } });
      return i;
    }, { commandId: 'cmd-exec-10' }).catch((e: Error) => e)));
    const stored = results.filter((r) => !(r instanceof Error) && !r.idempotent);
    expect(stored.length).toBe(1);
    // The others either found the events (idempotent) or lost the version race (409), never a duplicate.
    for (const r of results) if (r instanceof Error) expect(r).toBeInstanceOf(ConcurrencyError);
    const [{ count }] = await sql`SELECT count(*)::int AS count FROM es_events WHERE stream_id = ${`marca-${id}`}`;
    expect(count).toBe(2);
  });

  it('loadMany reads several streams in one query and decides on each', async () => {
    const { store, sql } = db;
    const ids: number[] = [];
    for (const nombre of ['Doosan', 'Hyundai', 'Case']) ids.push((await createRecord(store, 'marca', { nombre, estado: 1 })).id);
    const r = await execute(store, async (c) => {
      for (const s of await c.loadMany(marca, ids)) s.decide({ type: 'DisableRecord', id: Number(s.id) });
    });
    expect(r.events.map((e) => e.type)).toEqual(['RecordDisabled', 'RecordDisabled', 'RecordDisabled']);
    const rows = await sql`SELECT estado FROM rm_marcas WHERE id IN ${sql(ids)}`;
    expect(rows.map((row) => row.estado)).toEqual([0, 0, 0]);
  });

  it('a request run again under its command id stores only the commands that had not committed', async () => {
    const { store, sql } = db;
    const { id: a } = await createRecord(store, 'marca', { nombre: 'Sany', estado: 1 });
    const { id: b } = await createRecord(store, 'marca', { nombre: 'XCMG', estado: 1 });
    // One request, two commands; the first attempt fails after the first one committed.
    const request = (failSecond: boolean) => withCommandIds('req-retry-1', async () => {
      await execute(store, async (c) => { (await c.load(marca, a)).decide({ type: 'UpdateRecord', id: a, fields: { nombre: 'SANY' } }); });
      return execute(store, async (c) => {
        if (failSecond) throw new Error('caída a mitad de la solicitud');
        (await c.load(marca, b)).decide({ type: 'UpdateRecord', id: b, fields: { nombre: 'XCMG PERÚ' } });
      });
    });
    await expect(request(true)).rejects.toThrow('caída');
    // A direct change between the attempts: the retry must not overwrite it with a second 'SANY'.
    await execute(store, async (c) => { (await c.load(marca, a)).decide({ type: 'UpdateRecord', id: a, fields: { nombre: 'Sany Heavy' } }); });
    const second = await request(false);
    expect(second.idempotent).toBe(false);
    const ids = await sql`SELECT metadata->>'commandId' AS command FROM es_events WHERE metadata->>'commandId' LIKE 'req-retry-1:%' ORDER BY global_position`;
    expect(ids.map((r) => r.command)).toEqual(['req-retry-1:0', 'req-retry-1:1']);
    const names = await sql`SELECT id, nombre FROM rm_marcas WHERE id IN ${sql([a, b])} ORDER BY id`;
    expect(names.map((r) => r.nombre)).toEqual(['Sany Heavy', 'XCMG PERÚ']);
  });
});
