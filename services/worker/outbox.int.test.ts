import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../events/record/commands';
import { useTestDatabase } from '../../tests/harness/db';
import { createBoss, type Boss } from '../shared/boss';
import { createLogger } from '../shared/logger';
import { enqueueMail, MAIL_QUEUE } from '../app/jobs/mail';
import { ensureQueues, startWorker } from './worker';

const db = useTestDatabase();
let boss: Boss;

async function jobsFor(to: string) {
  const rows = await db.sql`SELECT state FROM pgboss.job WHERE name = ${MAIL_QUEUE} AND data ->> 'to' = ${to}`;
  return rows.map((r) => r.state as string);
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

beforeAll(async () => {
  boss = createBoss(db.sql, { supervise: false });
  await boss.start();
  await ensureQueues(boss);
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
});

describe('jobs in the same transaction as the events (outbox)', () => {
  it('a rolled-back command leaves neither events nor jobs', async () => {
    const [{ before }] = await db.sql`SELECT count(*)::int AS before FROM es_events`;
    await expect(
      db.store.transaction(async (t) => {
        await t.append('marca-900', [{ type: 'RecordCreated', data: { id: 900, fields: { nombre: 'X' } } }]);
        await enqueueMail(boss, { to: 'rollback@faena.test', subject: 'no', text: 'no' }, t.tx);
        throw new Error('falla de validación después de escribir');
      }),
    ).rejects.toThrow('falla de validación');
    const [{ after }] = await db.sql`SELECT count(*)::int AS after FROM es_events`;
    expect(after).toBe(before);
    expect(await jobsFor('rollback@faena.test')).toEqual([]);
    expect((await db.sql`SELECT 1 FROM rm_marcas WHERE id = 900`).length).toBe(0);
  });

  it('a committed command leaves both; the worker runs the job; the dev-outbox mail is readable', async () => {
    const result = await createRecord(
      db.store,
      'marca',
      { nombre: 'Komatsu', estado: 1 },
      {
        within: async (tx) => {
          await enqueueMail(boss, { to: 'jefe@faena.test', subject: 'Nueva marca: Komatsu', text: 'Se registró la marca Komatsu.' }, tx);
        },
      },
    );
    expect((await db.store.readStream(`marca-${result.id}`)).length).toBe(1);
    expect(await jobsFor('jefe@faena.test')).toEqual(['created']);

    await startWorker(boss, db.sql, { smtpUrl: undefined, mailFrom: 'Faena <no-reply@faena.local>' }, createLogger({}, true));
    await waitFor(async () => (await jobsFor('jefe@faena.test'))[0] === 'completed');
    const mails = await db.sql`SELECT to_address, subject, body_text FROM dev_mail_outbox`;
    expect(mails).toEqual([{ to_address: 'jefe@faena.test', subject: 'Nueva marca: Komatsu', body_text: 'Se registró la marca Komatsu.' }]);
  });
});
