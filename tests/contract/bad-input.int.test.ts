import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { allRoutes } from '../../services/api/routes';
import { useTestApi, type Reply } from '../harness/api';

// Bad input on every registered route, generated from the route table and its schemas: always a
// 4xx envelope, never a 5xx, and nothing written to the event log.
const api = useTestApi();
const routes = allRoutes();

type Schema = v.GenericSchema & { type: string; entries?: Record<string, Schema>; pipe?: Schema[]; options?: Schema[]; wrapped?: Schema };

/** The fields of a route's input schema (through pipes, optionals and intersections). */
function entriesOf(schema: Schema | undefined): Record<string, Schema> {
  if (!schema) return {};
  if (schema.type === 'object' && schema.entries) return schema.entries;
  if (schema.pipe) return entriesOf(schema.pipe[0]);
  if (schema.type === 'intersect' && schema.options) return Object.assign({}, ...schema.options.map(entriesOf));
  return {};
}

/** A value this field's own schema refuses (so the request is surely invalid). */
function invalidFor(field: Schema, asQuery: boolean): unknown {
  const candidates: unknown[] = asQuery
    ? ['abc', '-1', '99999999999999999999', 'x'.repeat(5000), '2026-13-45', '<script>', "1' OR '1'='1"]
    : [{ nested: true }, [[1]], true, -1, 'x'.repeat(100_000), 'abc', 1.5];
  return candidates.find((c) => !v.safeParse(field, c).success);
}

const concrete = (path: string) => path.replace(/:([a-z_]+)/gi, 'x');

function expectClientError(r: Reply, label: string) {
  expect(r.status, `${label}: ${r.status} ${r.body.msg}`).toBeGreaterThanOrEqual(400);
  expect(r.status, `${label}: ${r.status} ${r.body.msg}`).toBeLessThan(500);
  expect(r.body.ok, label).toBe(false);
  expect(typeof r.body.msg, label).toBe('string');
  expect(typeof r.body.errors, label).toBe('object');
  for (const m of Object.values(r.body.errors)) expect(m, label).not.toMatch(/^Invalid /); // Spanish only
}

const BROKEN_TEXTS: [string, string][] = [
  ['NUL', 'a\u0000b'],
  ['NUL', '\u0000'],
  ['lone surrogate', 'a\ud800b'],
  ['lone surrogate', '\udfff'],
];
const DEEP = 5000;
/** A minimal PDF, under every name an upload field of the product uses. */
const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const UPLOAD_FIELDS = ['documento', 'documento_0', 'pic_firma', 'logo', 'favicon', 'archivo'];

/** `{"a":{"a":…"x"…}}` as JSON text (JSON.stringify itself would overflow the stack). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

/** A body of `size` bytes sent in 64 KB chunks, without Content-Length. */
function chunkedBody(size: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function eventCount() {
  const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM es_events`;
  return n as number;
}

describe('bad input on every route', () => {
  it('wrong types, missing fields, malformed JSON, oversize bodies: 4xx, never 5xx, log unchanged', async () => {
    const token = await api.login('root@faena.pe');
    const before = await eventCount();
    let cases = 0;
    const withInput = routes.filter((r) => r.input);
    expect(withInput.length).toBeGreaterThan(20);

    for (const route of routes) {
      const path = concrete(route.path);
      const label = `${route.method} ${route.path}`;
      const fields = entriesOf(route.input);
      const asQuery = route.method === 'GET';

      // One field at a time with a value its schema refuses.
      for (const [name, schema] of Object.entries(fields)) {
        const bad = invalidFor(schema, asQuery);
        if (bad === undefined) continue;
        const r = asQuery
          ? await api.call('GET', path, { token, query: { [name]: String(bad) } })
          : await api.call('POST', path, { token, json: { [name]: bad } });
        expectClientError(r, `${label} ${name}=${String(bad).slice(0, 30)}`);
        cases++;
      }
      // Missing fields: when the schema refuses an empty input, so must the API.
      if (route.input && !v.safeParse(route.input, {}).success) {
        const r = await api.call(route.method, path, { token, ...(asQuery ? {} : { json: {} }) });
        expectClientError(r, `${label} (empty)`);
        cases++;
      }
      if (route.method === 'POST') {
        const malformed = await api.call('POST', path, { token, body: '{"id": 1,', headers: { 'content-type': 'application/json' } });
        expectClientError(malformed, `${label} malformed JSON`);
        expect(malformed.status).toBe(400);
        const array = await api.call('POST', path, { token, body: '[1,2]', headers: { 'content-type': 'application/json' } });
        expectClientError(array, `${label} JSON array`);
        const xml = await api.call('POST', path, { token, body: '<a/>', headers: { 'content-type': 'application/xml' } });
        expectClientError(xml, `${label} xml`);
        expect(xml.status).toBe(415);
        const huge = await api.call('POST', path, { token, json: { id: 1, blob: 'x'.repeat((route.bodyLimit ?? 1024 * 1024) + 10) } });
        expectClientError(huge, `${label} oversize`);
        expect(huge.status).toBe(413);
        cases += 4;
      }
    }
    expect(cases).toBeGreaterThan(100);
    expect(await eventCount()).toBe(before);
    // Like the walk below: it grows with the route table, past the default minute on a busy machine.
  }, 600_000);

  it('NUL, lone surrogates, year 0, deep nesting, chunked oversize bodies: 4xx on every route, never 5xx, log unchanged', async () => {
    const token = await api.login('root@faena.pe');
    const before = await eventCount();
    const seen = new Set<string>();
    let cases = 0;
    for (const route of routes) {
      const path = concrete(route.path);
      const label = `${route.method} ${route.path}`;
      const names = [...Object.keys(entriesOf(route.input)), 'query', 'value'];
      const asQuery = route.method === 'GET';
      const send = (data: Record<string, unknown>) =>
        asQuery
          ? api.call('GET', path, { token, query: data as Record<string, string> })
          : api.call('POST', path, { token, json: data });
      for (const name of names) {
        for (const [cls, text] of BROKEN_TEXTS) {
          // A query string cannot carry half a surrogate pair (it is sent as U+FFFD).
          if (asQuery && cls === 'lone surrogate') continue;
          expectClientError(await send({ [name]: text }), `${label} ${name} ${cls}`);
          seen.add(cls);
          cases++;
        }
      }
      // Date fields (they take a real day and refuse a day that does not exist) and the list
      // range: year 0 and 10000.
      for (const [name, schema] of Object.entries(entriesOf(route.input))) {
        for (const [good, unreal, bad] of [['2026-01-05', '2026-02-31', '0000-01-01'], ['2026-01-05 10:00', '2026-02-31 10:00', '0000-01-01 10:00']]) {
          if (!v.safeParse(schema, good).success || v.safeParse(schema, unreal).success) continue;
          expectClientError(await send({ [name]: bad }), `${label} ${name}=${bad}`);
          seen.add('year 0');
          cases++;
        }
      }
      if (asQuery && 'date_from' in entriesOf(route.input)) {
        for (const range of [{ date_from: '0000-01-01', date_to: '2026-01-01' }, { date_from: '2026-01-01', date_to: '10000-01-01' }]) {
          expectClientError(await send(range), `${label} ${JSON.stringify(range)}`);
          cases++;
        }
      }
      if (route.method === 'POST') {
        const field = names[0];
        const json = (body: string) => api.call('POST', path, { token, body, headers: { 'content-type': 'application/json' } });
        expectClientError(await json(`{"${field}":${nested(DEEP)}}`), `${label} nested ${field}`);
        expectClientError(await json(`{"settings":${nested(DEEP)}}`), `${label} nested settings`);
        seen.add('nesting');
        const limit = route.bodyLimit ?? 1024 * 1024;
        const chunked = await api.raw('POST', path, {
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: chunkedBody(limit + 512 * 1024),
          duplex: 'half',
        } as RequestInit);
        expect(chunked.status, `${label} chunked oversize`).toBe(413);
        expect(await chunked.json()).toMatchObject({ ok: false, msg: `La solicitud es muy pesada, el límite es de ${Math.floor(limit / 1024)} KB.` });
        seen.add('chunked oversize');
        const form = new FormData();
        form.append('id', '0');
        for (const f of UPLOAD_FIELDS) form.append(f, new File([PDF], 'informe\u0000.pdf', { type: 'application/pdf' }));
        expectClientError(await api.call('POST', path, { token, form }), `${label} NUL in a file name`);
        seen.add('file name');
        cases += 4;
      }
    }
    expect([...seen].sort()).toEqual(['NUL', 'chunked oversize', 'file name', 'lone surrogate', 'nesting', 'year 0']);
    expect(cases).toBeGreaterThan(1000);
    expect(await eventCount()).toBe(before);
  }, 600_000);

  it('lists: unknown order_col, SQL in order_col, negative or huge page and limit', async () => {
    const token = await api.login('root@faena.pe');
    const before = await eventCount();
    const lists = routes.filter((r) => r.method === 'GET' && !r.path.endsWith('/export') && 'order_col' in entriesOf(r.input as Schema));
    expect(lists.length).toBeGreaterThanOrEqual(4);
    for (const r of lists) {
      const badQueries: Record<string, string | number>[] = [
        { order_col: 'no_such_column' },
        { order_col: 'nombre; DROP TABLE es_events; --' },
        { order_col: '1' },
        { order_dir: 'sideways' },
        { page: -1 },
        { page: 0 },
        { page: 99_999_999_999 },
        { limit: -5 },
        { limit: 1_000_000 },
        { limit: 'abc' },
        { date_from: '2026-02-30x' },
        { date_from: '2026-02-31', date_to: '2026-03-05' },
        { date_from: '2026-05-01', date_to: '2026-01-01' },
      ];
      for (const query of badQueries) {
        const res = await api.call('GET', r.path, { token, query });
        expectClientError(res, `${r.path} ${JSON.stringify(query)}`);
        expect(res.status).toBe(422);
      }
      // SQL in the free-text search is only text: an ordinary (empty) result, no error.
      const sqlText = await api.call('GET', r.path, { token, query: { query: "x' OR '1'='1'; DROP TABLE es_events; --" } });
      expect(sqlText.status, `${r.path} ${JSON.stringify(sqlText.body)}`).toBe(200);
      expect(sqlText.body.total).toBe(0);
      expect(JSON.stringify(sqlText.body)).not.toMatch(/select|from\s+rm_/i); // no SQL in replies
    }
    const [{ exists }] = await api.sql`SELECT to_regclass('es_events') IS NOT NULL AS exists`;
    expect(exists).toBe(true);
    expect(await eventCount()).toBe(before);
  });

  it('uploads: a renamed executable and an oversize file are refused and nothing is stored', async () => {
    const token = await api.login('jefe@faena.pe');
    const before = await eventCount();
    const exe = new Uint8Array(4096);
    exe.set([0x4d, 0x5a, 0x90, 0x00]);
    const form = new FormData();
    form.append('pic_firma', new File([exe], 'firma.jpg', { type: 'image/jpeg' }));
    const renamed = await api.call('POST', '/me/actualizarPerfil', { token, form });
    expectClientError(renamed, 'renamed exe');
    expect(renamed.status).toBe(415);
    expect(renamed.body.errors.pic_firma).toMatch(/^Tipo de archivo no permitido/);

    const big = new Uint8Array(600 * 1024);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const form2 = new FormData();
    form2.append('pic_firma', new File([big], 'firma.jpg', { type: 'image/jpeg' }));
    const oversize = await api.call('POST', '/me/actualizarPerfil', { token, form: form2 });
    expectClientError(oversize, 'oversize');
    expect(oversize.status).toBe(413);
    expect(await eventCount()).toBe(before);
  });
});

describe('Idempotency-Key on every write route', () => {
  it('each POST sent twice with one key answers the same, never 5xx; a malformed key is a 400', async () => {
    const token = await api.login('root@faena.pe');
    // Signing out ends the session the other calls use: it goes last.
    const posts = routes.filter((r) => r.method === 'POST').sort((a, b) => Number(a.path === '/login/logout') - Number(b.path === '/login/logout'));
    expect(posts.length).toBeGreaterThan(30);
    let replayed = 0;
    for (const route of posts) {
      const path = concrete(route.path);
      const label = `${route.method} ${route.path}`;
      const key = `contrato ${label}`;
      const send = () => api.raw('POST', path, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': key }, body: '{}' });
      const first = await send();
      const firstBody = await first.text();
      expect(first.status, `${label}: ${firstBody.slice(0, 200)}`).toBeLessThan(500);
      const second = await send();
      const secondBody = await second.text();
      expect(second.status, `${label}: ${secondBody.slice(0, 200)}`).toBeLessThan(500);
      if (route.path === '/login/logout') continue; // the repeat no longer has a session: 401
      expect(second.status, label).toBe(first.status);
      // Downloads are not kept (they run again); envelopes are replayed byte for byte.
      if (!(first.headers.get('content-type') ?? '').startsWith('application/json')) continue;
      if (first.status === 429) continue; // "try again later" is not kept
      expect(secondBody, label).toBe(firstBody);
      expect(second.headers.get('idempotent-replayed'), label).toBe('true');
      replayed++;
    }
    expect(replayed).toBeGreaterThan(30);

    const bad = await api.raw('POST', concrete(posts[0].path), { headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': '' }, body: '{}' });
    expect(bad.status).toBe(400);
    expectClientError({ status: bad.status, body: await bad.json(), headers: bad.headers }, 'empty key');
  });
});
