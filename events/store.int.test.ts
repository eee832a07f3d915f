import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../tests/harness/db';
import { ConcurrencyError } from './errors';
import { uuidv7 } from './ids';
import type { RecordedEvent } from './types';

const db = useTestDatabase();

const ev = (n: number) => ({ type: 'Noted', data: { n } });

describe('event store: append and read', () => {
  it('appends with metadata and reads a stream back, up to a version or an instant', async () => {
    const { store } = db;
    const meta = { userId: 7, originalUserId: 1, sessionId: 's-1', requestId: 'r-1', correlationId: 'c-1', causationId: 'k-1' };
    const first = await store.append('note-1', [ev(1), ev(2)], { expectedVersion: 'no_stream', metadata: meta });
    expect(first.nextVersion).toBe(2);
    await new Promise((r) => setTimeout(r, 20));
    const between = new Date();
    await new Promise((r) => setTimeout(r, 20));
    await store.append('note-1', [ev(3)], { expectedVersion: 2, metadata: meta });

    const all = await store.readStream('note-1');
    expect(all.map((e) => [e.version, e.data.n])).toEqual([[1, 1], [2, 2], [3, 3]]);
    expect(all[0].streamType).toBe('note');
    expect(all[0].metadata).toEqual(meta);
    expect((await store.readStream('note-1', { toVersion: 2 })).length).toBe(2);
    expect((await store.readStream('note-1', { toInstant: between })).map((e) => e.version)).toEqual([1, 2]);
  });

  it('fills every metadata key even when the caller gives none', async () => {
    const r = await db.store.append('note-2', [ev(1)]);
    expect(Object.keys(r.events[0].metadata).sort()).toEqual(
      ['causationId', 'correlationId', 'originalUserId', 'requestId', 'sessionId', 'userId'].sort(),
    );
    const [stored] = await db.store.readStream('note-2');
    expect(stored.metadata.correlationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('checks the expected version before writing: a conflict is typed and burns no position', async () => {
    const { store, sql } = db;
    await store.append('note-3', [ev(1)], { expectedVersion: 'no_stream' });
    const [{ before }] = await sql`SELECT max(global_position) AS before FROM es_events`;
    await expect(store.append('note-3', [ev(2)], { expectedVersion: 'no_stream' })).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append('note-3', [ev(2)], { expectedVersion: 5 })).rejects.toMatchObject({ status: 409, actual: 1 });
    await expect(store.append('note-404', [ev(2)], { expectedVersion: 'stream_exists' })).rejects.toBeInstanceOf(ConcurrencyError);
    const ok = await store.append('note-3', [ev(2)], { expectedVersion: 1 });
    // The losers wrote nothing, not even a sequence value: the next position follows directly.
    expect(ok.lastPosition.globalPosition).toBe(Number(before) + 1);
    expect((await sql`SELECT 1 FROM es_streams WHERE stream_id = 'note-404'`).length).toBe(0);
    await store.append('note-3', [ev(3)], { expectedVersion: 'any' });
    expect(await store.streamVersion('note-3')).toBe(3);
  });

  it('conflict message is the Spanish one the API shows with 409', async () => {
    await db.store.append('note-4', [ev(1)]);
    const err = await db.store.append('note-4', [ev(1)], { expectedVersion: 'no_stream' }).catch((e) => e);
    expect(err.message).toBe('El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.');
  });

  it('20 concurrent commands on one stream with the same expected version: exactly one wins', async () => {
    const { store, sql } = db;
    await store.append('race-1', [ev(0)], { expectedVersion: 'no_stream' });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => store.append('race-1', [ev(i), ev(i + 100)], { expectedVersion: 1 })),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const conflicts = results.filter((r) => r.status === 'rejected' && r.reason instanceof ConcurrencyError);
    expect(ok.length).toBe(1);
    expect(conflicts.length).toBe(19);
    const [{ count }] = await sql`SELECT count(*)::int AS count FROM es_events WHERE stream_id = 'race-1'`;
    expect(count).toBe(3);
  });

  it('idempotency: the same command (same event ids) appended twice is stored once, success both times', async () => {
    const { store, sql } = db;
    const events = [
      { ...ev(1), id: uuidv7() },
      { ...ev(2), id: uuidv7() },
    ];
    const first = await store.append('idem-1', events, { expectedVersion: 'no_stream' });
    const second = await store.append('idem-1', events, { expectedVersion: 'no_stream' });
    expect(first.idempotent).toBe(false);
    expect(second.idempotent).toBe(true);
    expect(second.nextVersion).toBe(first.nextVersion);
    expect(second.lastPosition).toEqual(first.lastPosition);
    const [{ count }] = await sql`SELECT count(*)::int AS count FROM es_events WHERE stream_id = 'idem-1'`;
    expect(count).toBe(2);
    // Concurrent retries of one command: still one copy, every attempt succeeds.
    const again = [{ ...ev(9), id: uuidv7() }];
    const retries = await Promise.all(Array.from({ length: 8 }, () => store.append('idem-2', again, { expectedVersion: 'no_stream' })));
    expect(retries.filter((r) => !r.idempotent).length).toBe(1);
    const [{ c2 }] = await sql`SELECT count(*)::int AS c2 FROM es_events WHERE stream_id = 'idem-2'`;
    expect(c2).toBe(1);
  });
});

describe('event store: readers follow the log in commit order', () => {
  it('a held transaction that began first and commits last is neither skipped nor duplicated', async () => {
    const { store, sql } = db;
    const after = { transactionId: '0', globalPosition: 0 };
    const seen = new Map<string, number>();
    const order: RecordedEvent[] = [];
    let cursor = after;
    const drain = async () => {
      for (;;) {
        const batch = await store.readAll({ after: cursor, limit: 500 });
        if (!batch.length) return;
        for (const e of batch) {
          seen.set(e.id, (seen.get(e.id) ?? 0) + 1);
          order.push(e);
        }
        const last = batch[batch.length - 1];
        cursor = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      }
    };
    await drain();

    // The held transaction takes its positions first…
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let held!: Promise<unknown>;
    const heldWrote = new Promise<void>((wrote) => {
      held = store.transaction(async (t) => {
        await t.append('held-1', [ev(1), ev(2), ev(3)]);
        wrote();
        await released;
      });
    });
    await heldWrote;

    // …then 16 writers append to 200 streams and commit while it is still open.
    const writers = Array.from({ length: 16 }, async (_, w) => {
      for (let i = 0; i < 25; i++) {
        const stream = `many-${(w * 25 + i) % 200}`;
        const n = 1 + ((w + i) % 5);
        await store.append(stream, Array.from({ length: n }, (_, k) => ev(k)));
      }
    });
    const follower = (async () => {
      for (let k = 0; k < 20; k++) {
        await drain();
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    await Promise.all(writers);
    await follower;

    // A naive `global_position > last` reader has already moved past the held positions…
    const heldPositions = await sql<{ p: number }[]>`SELECT global_position AS p FROM es_events WHERE stream_id = 'held-1'`;
    expect(heldPositions.length).toBe(0); // not committed yet: invisible
    const [{ naiveLast }] = await sql`SELECT max(global_position)::bigint AS "naiveLast" FROM es_events`;
    // …while the commit-order reader has not delivered any event of a later transaction yet.
    await drain();
    const deliveredBeforeCommit = order.length;

    release();
    await held;
    // Every event is delivered once no older transaction runs. The snapshot horizon is the whole
    // cluster's: other test files' transactions may hold it back for a moment, so keep reading.
    const [{ total }] = await sql`SELECT count(*)::int AS total FROM es_events`;
    for (const until = Date.now() + 20_000; seen.size < total && Date.now() < until; ) {
      await drain();
      await new Promise((r) => setTimeout(r, 20));
    }

    expect(seen.size).toBe(total);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
    const held1 = order.filter((e) => e.streamId === 'held-1');
    expect(held1.map((e) => e.version)).toEqual([1, 2, 3]);
    // The held events have lower positions than events committed before them: exactly the case a
    // position-only reader skips.
    expect(held1[0].globalPosition).toBeLessThan(Number(naiveLast));
    const naiveWouldSkip = await sql`SELECT count(*)::int AS n FROM es_events WHERE stream_id = 'held-1' AND global_position <= ${naiveLast}`;
    expect(naiveWouldSkip[0].n).toBe(3);
    // Commit-order reader: nothing after the held transaction was delivered while it was open.
    expect(order.slice(0, deliveredBeforeCommit).some((e) => e.globalPosition > held1[0].globalPosition)).toBe(false);
    // Per stream, versions arrive in order.
    const lastVersion = new Map<string, number>();
    for (const e of order) {
      expect(e.version).toBeGreaterThan(lastVersion.get(e.streamId) ?? 0);
      lastVersion.set(e.streamId, e.version);
    }
    // Delivery order is the (transaction, position) order.
    const keys = order.map((e) => [BigInt(e.transactionId), e.globalPosition] as const);
    for (let i = 1; i < keys.length; i++) {
      const [t0, p0] = keys[i - 1];
      const [t1, p1] = keys[i];
      expect(t1 > t0 || (t1 === t0 && p1 > p0)).toBe(true);
    }
  });
});
