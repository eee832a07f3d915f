import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi, type Reply } from '../../../tests/harness/api';
import { ABANDONED_MS, MSG_KEY_IN_PROGRESS, MSG_KEY_INVALID, MSG_KEY_REUSED, requestHash } from './idempotency';

// Issue 12: every write route accepts an Idempotency-Key. Real routes, real PostgreSQL.
const api = useTestApi();

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const PDF2 = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n% otra versión\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let root = '';
let admin = '';
let header: Record<string, unknown> = {};

beforeAll(async () => {
  root = await api.login('root@faena.pe');
  admin = await api.login('admin@faena.pe');
  const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
  const [machine] = await api.sql<{ id: number; id_obra: number }[]>`SELECT id, id_obra FROM rm_equipos WHERE estado = 1 AND id_obra IS NOT NULL ORDER BY id LIMIT 1`;
  header = {
    id: 0, version: 0, id_obra: machine.id_obra, id_equipo: machine.id, placa_equipo: '', serie_equipo: '', fecha_parada: '2026-11-20 08:00',
    fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '',
    horometro_apertura_ot: '', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
    id_operador: await one(api.sql`SELECT id FROM rm_users WHERE id_role = 11 AND estado = 1 ORDER BY id LIMIT 1`),
    id_mecanico: await one(api.sql`SELECT id FROM rm_users WHERE id_role = 14 AND estado = 1 ORDER BY id LIMIT 1`),
    id_supervisor: await one(api.sql`SELECT id FROM rm_users WHERE id_role = 15 AND estado = 1 ORDER BY id LIMIT 1`),
    firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 1, terminado: 0,
    diagnosticos: [], intervenciones: [], productos_solicitados: [],
  };
});

/** A new work order as the web sends it: multipart, one document. A new FormData each time, so
 * each request has its own random boundary, as a browser's retry has. */
function workOrderForm(file: Uint8Array, observaciones = 'Informe') {
  const form = new FormData();
  const values = { ...header, documentos: [{ id: 0, observaciones, archivo: 'documento_0' }] };
  for (const [k, value] of Object.entries(values)) form.append(k, typeof value === 'object' ? JSON.stringify(value) : String(value));
  form.append('documento_0', new File([file as Uint8Array<ArrayBuffer>], 'informe.pdf', { type: 'application/pdf' }));
  return form;
}

async function eventCount(): Promise<number> {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

async function keyRow(key: string) {
  const [row] = await api.sql<{ state: string; status: number | null }[]>`SELECT state, status FROM idempotency_keys WHERE key = ${key}`;
  return row;
}

function sameReply(a: Reply, b: Reply) {
  expect(b.status).toBe(a.status);
  expect(b.body).toEqual(a.body);
}

describe('Idempotency-Key on write routes', () => {
  it('10 concurrent catalogue creates with one key store one set of events and answer alike', async () => {
    const key = randomUUID();
    const nombre = `Marca idempotente ${key.slice(0, 8)}`;
    const before = await eventCount();
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre }, headers: { 'Idempotency-Key': key } })),
    );
    expect(replies[0].status, replies[0].body.msg).toBe(200);
    for (const r of replies) sameReply(replies[0], r);
    expect(replies.filter((r) => r.headers.get('idempotent-replayed') === 'true').length).toBe(9);
    const id = (replies[0].body.item as { id: number }).id;
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${`marca-${id}`}`;
    expect(n).toBe(1);
    expect(await eventCount()).toBe(before + 1);
    expect(await api.sql`SELECT id FROM rm_marcas WHERE nombre = ${nombre}`).toHaveLength(1);
    expect(await keyRow(key)).toEqual({ state: 'done', status: 200 });
  });

  it('10 concurrent multipart work-order saves with one key open one order; a different file under the key is a 422', async () => {
    // What one save stores, measured without a key.
    const base = await eventCount();
    const plain = await api.call('POST', '/ordenes_trabajo/create', { token: admin, form: workOrderForm(PDF, 'Sin clave') });
    expect(plain.status, plain.body.msg).toBe(200);
    const perSave = (await eventCount()) - base;
    expect(perSave).toBeGreaterThan(0);

    const key = randomUUID();
    const before = await eventCount();
    const [{ max: lastOrder }] = await api.sql<{ max: number }[]>`SELECT max(id)::int AS max FROM rm_ordenes_trabajo`;
    const replies = await Promise.all(
      Array.from({ length: 10 }, () => api.call('POST', '/ordenes_trabajo/create', { token: admin, form: workOrderForm(PDF), headers: { 'Idempotency-Key': key } })),
    );
    expect(replies[0].status, replies[0].body.msg).toBe(200);
    for (const r of replies) sameReply(replies[0], r);
    expect(await eventCount()).toBe(before + perSave);
    const opened = await api.sql<{ id: number }[]>`SELECT id FROM rm_ordenes_trabajo WHERE id > ${lastOrder}`;
    expect(opened.map((o) => o.id)).toEqual([replies[0].body.id]);
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events WHERE stream_id = ${`work_order-${String(replies[0].body.id)}`}`;
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThanOrEqual(perSave);

    // Once more, later, with a new boundary: replayed.
    const again = await api.call('POST', '/ordenes_trabajo/create', { token: admin, form: workOrderForm(PDF), headers: { 'Idempotency-Key': key } });
    sameReply(replies[0], again);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // Another file under the same key: refused, nothing stored.
    const other = await api.call('POST', '/ordenes_trabajo/create', { token: admin, form: workOrderForm(PDF2), headers: { 'Idempotency-Key': key } });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ ok: false, msg: MSG_KEY_REUSED, errors: {} });
    expect(await eventCount()).toBe(before + perSave);
  });

  it('the same key with a different body is a 422 and stores nothing', async () => {
    const key = randomUUID();
    const first = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: `Primera ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    const before = await eventCount();
    const second = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: `Segunda ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    expect(second.status).toBe(422);
    expect(second.body).toEqual({ ok: false, msg: MSG_KEY_REUSED, errors: {} });
    expect(await eventCount()).toBe(before);
    expect(await api.sql`SELECT id FROM rm_marcas WHERE nombre = ${`Segunda ${key.slice(0, 8)}`}`).toHaveLength(0);
  });

  it('a 4xx validation reply is stored and replayed; a 5xx is not stored and the retry runs', async () => {
    const key = randomUUID();
    const refused = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: '' }, headers: { 'Idempotency-Key': key } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.nombre).toBeTruthy();
    expect(await keyRow(key)).toEqual({ state: 'done', status: 422 });
    const replayed = await api.raw('POST', '/marcas/create', {
      headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify({ id: 0, nombre: '' }),
    });
    expect(replayed.status).toBe(422);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(await replayed.text())).toEqual(refused.body);

    // Break the brands read model: the create's inline projection fails, the append rolls back.
    const broken = randomUUID();
    const nombre = `Tras el fallo ${broken.slice(0, 8)}`;
    const before = await eventCount();
    await api.sql`ALTER TABLE rm_marcas RENAME COLUMN nombre TO nombre_x`;
    let failed: Reply;
    try {
      failed = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre }, headers: { 'Idempotency-Key': broken } });
    } finally {
      await api.sql`ALTER TABLE rm_marcas RENAME COLUMN nombre_x TO nombre`;
    }
    expect(failed.status).toBe(500);
    expect((await keyRow(broken)).state).toBe('failed');
    expect(await eventCount()).toBe(before);
    const retry = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre }, headers: { 'Idempotency-Key': broken } });
    expect(retry.status, retry.body.msg).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await keyRow(broken)).toEqual({ state: 'done', status: 200 });
    expect(await api.sql`SELECT id FROM rm_marcas WHERE nombre = ${nombre}`).toHaveLength(1);
  });

  it('keys are per user: the same key from two users runs twice', async () => {
    const key = randomUUID();
    const byRoot = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: `De root ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    const byAdmin = await api.call('POST', '/marcas/create', { token: admin, json: { id: 0, nombre: `De admin ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    expect(byRoot.status, byRoot.body.msg).toBe(200);
    expect(byAdmin.status, byAdmin.body.msg).toBe(200);
    expect(byAdmin.headers.get('idempotent-replayed')).toBeNull();
    expect((byAdmin.body.item as { id: number }).id).not.toBe((byRoot.body.item as { id: number }).id);
    expect(await api.sql`SELECT scope FROM idempotency_keys WHERE key = ${key}`).toHaveLength(2);
  });

  it('a key older than 24 hours is forgotten: the same key runs again', async () => {
    const key = randomUUID();
    const first = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: `Antigua ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    expect(first.status).toBe(200);
    await api.sql`UPDATE idempotency_keys SET created_at = created_at - interval '24 hours 1 minute' WHERE key = ${key}`;
    // Other data under the old key is not a 422 any more: it runs and creates its record.
    const before = await eventCount();
    const later = await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre: `Nueva ${key.slice(0, 8)}` }, headers: { 'Idempotency-Key': key } });
    expect(later.status, later.body.msg).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(await eventCount()).toBe(before + 1);
    const [row] = await api.sql<{ age: number }[]>`SELECT extract(epoch FROM now() - created_at)::int AS age FROM idempotency_keys WHERE key = ${key}`;
    expect(row.age).toBeLessThan(60);
  });

  it('a malformed key is a 400 with the envelope; GET calls ignore the header; no key behaves as before', async () => {
    for (const bad of ['', 'x'.repeat(201), 'clave\tcon tab', 'ñandú']) {
      const r = await api.raw('POST', '/marcas/create', {
        headers: { authorization: `Bearer ${root}`, 'content-type': 'application/json', 'Idempotency-Key': bad },
        body: JSON.stringify({ id: 0, nombre: 'No se guarda' }),
      });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(await r.json()).toEqual({ ok: false, msg: MSG_KEY_INVALID, errors: {} });
    }
    expect(await api.sql`SELECT id FROM rm_marcas WHERE nombre = 'No se guarda'`).toHaveLength(0);
    const list = await api.call('GET', '/marcas', { token: root, headers: { 'Idempotency-Key': 'x'.repeat(300) } });
    expect(list.status).toBe(200);
    const nombre = `Sin clave ${randomUUID().slice(0, 8)}`;
    const [{ n: keysBefore }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM idempotency_keys`;
    expect((await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre } })).status).toBe(200);
    expect((await api.call('POST', '/marcas/create', { token: root, json: { id: 0, nombre } })).status).toBe(422); // duplicate name: ran twice
    const [{ n: keysAfter }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM idempotency_keys`;
    expect(keysAfter).toBe(keysBefore);
  });

  it('anonymous sign-in with a key: the session token is never stored, a refusal is replayed', async () => {
    const key = randomUUID();
    const token_captcha = await api.captcha('admin@faena.pe');
    const body = { username: 'admin@faena.pe', password: 'mal', token_captcha, platform: 'test' };
    const wrong = await api.call('POST', '/auth/login', { json: body, headers: { 'Idempotency-Key': key } });
    expect(wrong.status).toBe(401);
    const again = await api.call('POST', '/auth/login', { json: body, headers: { 'Idempotency-Key': key } });
    sameReply(wrong, again);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const [row] = await api.sql<{ scope: string }[]>`SELECT scope FROM idempotency_keys WHERE key = ${key}`;
    expect(row.scope).toBe('anon POST /api/auth/login');

    const okKey = randomUUID();
    const signIn = { ...body, password: undefined as string | undefined, token_captcha: await api.captcha('admin@faena.pe') };
    const { DEMO_PASSWORD } = await import('../../demo/access-data');
    signIn.password = DEMO_PASSWORD;
    const ok = await api.call('POST', '/auth/login', { json: signIn, headers: { 'Idempotency-Key': okKey } });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(await api.sql`SELECT 1 FROM idempotency_keys WHERE key = ${okKey}`).toHaveLength(0);
    expect(await api.sql`SELECT 1 FROM idempotency_keys WHERE body LIKE ${`%${ok.body.token as string}%`}`).toHaveLength(0);
  });

  it('a repeat waits for the running first request and gets its reply; past 10 s it is a 409; a dead claim is taken over', async () => {
    const [{ id: rootId }] = await api.sql<{ id: number }[]>`SELECT id FROM rm_users WHERE email = 'root@faena.pe'`;
    const scope = `${rootId} POST /api/marcas/create`;
    const claim = async (key: string, nombre: string, claimedAgoMs = 0) => {
      const body = JSON.stringify({ id: 0, nombre });
      const hash = requestHash('POST', '/api/marcas/create', 'application/json', new TextEncoder().encode(body));
      const at = new Date(Date.now() - claimedAgoMs);
      const commandId = randomUUID();
      await api.sql`INSERT INTO idempotency_keys (scope, key, request_hash, command_id, state, created_at, claimed_at)
                    VALUES (${scope}, ${key}, ${hash}, ${commandId}, 'pending', ${at}, ${at})`;
      return { body, commandId };
    };
    const send = (key: string, body: string) =>
      api.call('POST', '/marcas/create', { token: root, body, headers: { 'content-type': 'application/json', 'Idempotency-Key': key } });

    // The first request (played by the row) finishes 400 ms after the repeat arrives.
    const running = randomUUID();
    const first = await claim(running, `En curso ${running.slice(0, 8)}`);
    const stored = JSON.stringify({ ok: true, msg: 'Guardado', errors: {}, item: { id: 4242 } });
    const finish = new Promise((r) => setTimeout(r, 400)).then(
      () => api.sql`UPDATE idempotency_keys SET state = 'done', status = 200, content_type = 'application/json', body = ${stored} WHERE key = ${running}`,
    );
    const waited = await send(running, first.body);
    await finish;
    expect(waited.status).toBe(200);
    expect(JSON.stringify(waited.body)).toBe(stored);
    expect(waited.headers.get('idempotent-replayed')).toBe('true');

    // A first request that never finishes: the repeat gives up after 10 s, runs nothing.
    const stuck = randomUUID();
    const never = await claim(stuck, `Atascada ${stuck.slice(0, 8)}`);
    const started = Date.now();
    const gaveUp = await send(stuck, never.body);
    expect(gaveUp.status).toBe(409);
    expect(gaveUp.body).toEqual({ ok: false, msg: MSG_KEY_IN_PROGRESS, errors: {} });
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    expect(await api.sql`SELECT id FROM rm_marcas WHERE nombre = ${`Atascada ${stuck.slice(0, 8)}`}`).toHaveLength(0);

    // A claim older than ABANDONED_MS (its process died): taken over, same command id, runs.
    const dead = randomUUID();
    const orphan = await claim(dead, `Huérfana ${dead.slice(0, 8)}`, ABANDONED_MS + 1000);
    const took = await send(dead, orphan.body);
    expect(took.status, took.body.msg).toBe(200);
    const [row] = await api.sql<{ state: string; command_id: string }[]>`SELECT state, command_id FROM idempotency_keys WHERE key = ${dead}`;
    expect(row).toEqual({ state: 'done', command_id: orphan.commandId });
  }, 30_000);
});
