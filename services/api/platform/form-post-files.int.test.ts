import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { NOT_SIGNED_IN } from './mount-routes';
import { SESSION_EXPIRED } from './api-error';

// Seed 000 §7 (issue 29): "a blob POST opens the file in a new tab". The record PDFs keep the
// seed's GET (a bearer call that downloads) and answer the same path by a form POST that carries
// the id and the session token, shown inline in the tab the form opened.
const api = useTestApi();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

async function ids() {
  const [ot] = await api.sql<{ id: number }[]>`SELECT id FROM rm_ordenes_trabajo ORDER BY id LIMIT 1`;
  const [request] = await api.sql<{ id: number }[]>`SELECT id FROM rm_solicitudes_compras ORDER BY id LIMIT 1`;
  return { ot: ot.id, request: request.id };
}

describe('record PDFs by a form POST in a new tab (seed 000 §7)', () => {
  it('POST with the token and the id in the form answers the PDF inline; the GET still downloads it', async () => {
    const token = await api.login('admin@faena.pe');
    const { ot, request } = await ids();
    const calls = [
      { path: '/ordenes_trabajo/pdf', field: 'id', id: ot },
      { path: '/solicitudes_compras/PDF', field: 'id_solicitud_compra', id: request },
      { path: '/solicitudes_compras/obtenerPDF', field: 'id_solicitud_compra', id: request },
    ];
    for (const { path, field, id } of calls) {
      const res = await api.raw('POST', path, { body: new URLSearchParams({ [field]: String(id), token }), headers: FORM });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('application/pdf');
      expect(res.headers.get('content-disposition'), path).toMatch(/^inline; filename="[^"]+\.pdf"/);
      expect(Buffer.from(await res.arrayBuffer()).subarray(0, 5).toString(), path).toBe('%PDF-');
      const get = await api.raw('GET', `${path}?${field}=${id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(get.status, path).toBe(200);
      expect(get.headers.get('content-disposition'), path).toMatch(/^attachment; /);
    }
  });

  it('a missing or invalid token is 401 with the envelope; a bad id is 422 with the field', async () => {
    const { ot } = await ids();
    const post = (form: Record<string, string>) => api.call('POST', '/ordenes_trabajo/pdf', { form: new URLSearchParams(form), headers: FORM });
    const missing = await post({ id: String(ot) });
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual({ ok: false, msg: NOT_SIGNED_IN, errors: expect.any(Object) });
    const invalid = await post({ id: String(ot), token: 'no-es-un-token' });
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual({ ok: false, msg: SESSION_EXPIRED, errors: expect.any(Object) });
    const token = await api.login('admin@faena.pe');
    const bad = await post({ id: 'abc', token });
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ok: false, errors: { id: expect.any(String) } });
  });
});
