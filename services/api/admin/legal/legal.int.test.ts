import { describe, expect, it } from 'vitest';
import { legalProjection } from '../../../../projections/admin-content';
import { rebuildProjection } from '../../../../projections/rebuild';
import { useTestApi } from '../../../../tests/harness/api';

// /legal on the `legal-1` record stream, read through rm_legal.
const api = useTestApi({ demo: 'access' });

const ATTACK = '<p>Hola <strong>mundo</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><a href="javascript:alert(1)">clic</a>';
const CLEAN = '<p>Hola <strong>mundo</strong></p><a>clic</a>';

async function legalEvents() {
  return api.store.readStream('legal-1');
}

async function form(token: string) {
  const r = await api.call('GET', '/legal/form', { token });
  expect(r.status).toBe(200);
  return (r.body.item as { legal: string }).legal;
}

describe('/legal', () => {
  it('empty before the first save; nothing to restore yet', async () => {
    const token = await api.login('admin@faena.pe');
    expect(await form(token)).toBe('');
    const r = await api.call('POST', '/legal/restore', { token, json: {} });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('No hay una versión anterior para restaurar');
    expect(await legalEvents()).toEqual([]);
  });

  it('a save is sanitised on the server: stored clean, read back clean', async () => {
    const token = await api.login('admin@faena.pe');
    const r = await api.call('POST', '/legal/save', { token, json: { legal: ATTACK } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', item: { legal: CLEAN } });

    const events = await legalEvents();
    expect(events.map((e) => e.type)).toEqual(['RecordCreated']);
    expect(events[0].data).toEqual({ id: 1, fields: { legal: CLEAN } });
    expect(events[0].metadata.userId).toBe(2);
    const [row] = await api.sql`SELECT legal, version FROM rm_legal WHERE id = 1`;
    expect(row).toEqual({ legal: CLEAN, version: 1 });
    for (const stored of [row.legal as string, await form(token)]) {
      expect(stored).not.toMatch(/<script|onerror|javascript:|alert/i);
    }
    expect(await form(token)).toBe(CLEAN);

    // The same text again changes nothing and writes nothing.
    expect((await api.call('POST', '/legal/save', { token, json: { legal: ATTACK } })).body.msg).toBe('Guardado correctamente');
    expect(await legalEvents()).toHaveLength(1);
  });

  it('text written around the route is sanitised when read', async () => {
    const token = await api.login('admin@faena.pe');
    const version = (await legalEvents()).length;
    await api.store.append('legal-1', [{ type: 'RecordUpdated', data: { id: 1, changes: { legal: { from: CLEAN, to: '<p>x</p><script>alert(2)</script>' } } } }], {
      expectedVersion: version,
    });
    expect(await form(token)).toBe('<p>x</p>');
    await api.call('POST', '/legal/save', { token, json: { legal: CLEAN } });
    expect(await form(token)).toBe(CLEAN);
  });

  it('restore brings back the previous saved version as a new event, then the one before', async () => {
    const token = await api.login('admin@faena.pe');
    for (const legal of ['<p>Versión A</p>', '<p>Versión B</p>', '<p>Versión C</p>']) {
      expect((await api.call('POST', '/legal/save', { token, json: { legal } })).status).toBe(200);
    }
    const before = (await legalEvents()).length;
    const r1 = await api.call('POST', '/legal/restore', { token, json: {} });
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({ ok: true, msg: 'Restaurado correctamente', item: { legal: '<p>Versión B</p>' } });
    expect(await form(token)).toBe('<p>Versión B</p>');
    const events = await legalEvents();
    expect(events).toHaveLength(before + 1);
    expect(events[events.length - 1]).toMatchObject({
      type: 'RecordUpdated',
      data: { id: 1, changes: { legal: { from: '<p>Versión C</p>', to: '<p>Versión B</p>' } }, restored_version: before - 1 },
    });
    const r2 = await api.call('POST', '/legal/restore', { token, json: {} });
    expect(r2.body.item).toEqual({ legal: '<p>Versión A</p>' });

    const history = await api.call('GET', '/history', { token, query: { stream_type: 'legal', id: 1 } });
    const last = (history.body.items as Record<string, unknown>[]).at(-1)!;
    expect(last).toMatchObject({ action: 'restauró', who: 'Ana Quispe Rojas', changes: [{ field: 'legal', from: '<p>Versión B</p>', to: '<p>Versión A</p>' }] });
  });

  it('the read model rebuilds from the stream', async () => {
    const [before] = await api.sql`SELECT legal, version FROM rm_legal WHERE id = 1`;
    await api.sql`UPDATE rm_legal SET legal = 'dañado'`;
    await rebuildProjection(api.sql, api.store, legalProjection, 'inline');
    const [after] = await api.sql`SELECT legal, version FROM rm_legal WHERE id = 1`;
    expect(after).toEqual(before);
  });

  it('limits, validation and rights', async () => {
    const token = await api.login('admin@faena.pe');
    const big = await api.call('POST', '/legal/save', { token, json: { legal: `<p>${'a'.repeat(200 * 1024)}</p>` } });
    expect(big.status).toBe(422);
    expect(big.body.errors).toEqual({ legal: 'El texto legal no puede superar los 200 KB' });
    const missing = await api.call('POST', '/legal/save', { token, json: {} });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ legal: 'Este campo es obligatorio' });
    const notText = await api.call('POST', '/legal/save', { token, json: { legal: { a: 1 } } });
    expect(notText.body.errors).toEqual({ legal: 'Debe ser texto' });

    const asistente = await api.login('asistente@faena.pe');
    expect((await api.call('GET', '/legal/form', { token: asistente })).status).toBe(403);
    expect((await api.call('POST', '/legal/save', { token: asistente, json: { legal: '<p>x</p>' } })).status).toBe(403);
    expect((await api.call('POST', '/legal/restore', { token: asistente, json: {} })).status).toBe(403);
    expect((await api.call('GET', '/legal/form')).status).toBe(401);
  });
});
