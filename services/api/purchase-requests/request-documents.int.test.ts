import { existsSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_DOCUMENT_NOT_FOUND } from '../../../events/purchase-request/decider';
import { purchaseRequestsProjection } from '../../../projections/purchase-requests';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import { MSG_DOCUMENT_REMOVED } from './request-actions';
import { MSG_DOCUMENT_FILE_REQUIRED } from '../../../events/purchase-request/request-form';

// The request's `documentos` (seed 002 §3; `create` is multipart): new rows name their file's
// field, files are checked by content, stored in the save's transaction and shown on the form.

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number };
let unidad: number;

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const EXE = Uint8Array.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00, 0xff, 0xff, 0x00, 0x00, ...new Array(200).fill(0)]);

const fields = (over: Record<string, unknown> = {}) => ({
  id: 0, tipo: 'compra', id_obra: obra.id, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-15', descripcion_trabajo: 'Cotización de rodillos',
  productos_solicitados: [{ id: 0, id_material: null, descripcion: 'Rodillo inferior', id_unidad: unidad, cantidad_solicitada_por_almacen_obra: 2 }],
  documentos: [],
  ...over,
});

function multipart(values: Record<string, unknown>, files: Record<string, { bytes: Uint8Array; name: string }> = {}) {
  const form = new FormData();
  for (const [k, value] of Object.entries(values)) form.append(k, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value ?? ''));
  for (const [k, f] of Object.entries(files)) form.append(k, new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return form;
}

const save = (form: FormData) => api.call('POST', '/solicitudes_compras/create_not_ot', { token: tokens.supervisor, form });
const formOf = async (id: number) => (await api.call('GET', '/solicitudes_compras/form', { token: tokens.supervisor, query: { id } })).body.item as {
  version: number; documentos: { id: number; nombre: string; observaciones: string; url: string }[];
};
const uploads = () => {
  const dir = api.deps.config.uploadsDir;
  return existsSync(dir) ? readdirSync(dir).length : 0;
};
async function eventCount() {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

beforeAll(async () => {
  tokens.supervisor = await api.login('supervisor@faena.pe');
  tokens.central = await api.login('almacen.central@faena.pe');
  [obra] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  [{ id: unidad }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
});

describe('request documents', () => {
  it('a multipart save stores each document with its name and observations; the form lists them and each downloads', async () => {
    const r = await save(multipart(fields({ documentos: [{ id: 0, observaciones: 'Cotización del proveedor', archivo: 'documento_0' }] }), {
      documento_0: { bytes: PDF, name: 'cotizacion.pdf' },
    }));
    expect(r.status, r.body.msg).toBe(200);
    const id = r.body.id as number;
    const item = await formOf(id);
    expect(item.documentos).toMatchObject([{ nombre: 'cotizacion.pdf', observaciones: 'Cotización del proveedor' }]);
    const file = await api.raw('GET', item.documentos[0].url, { headers: { authorization: `Bearer ${tokens.supervisor}` } });
    expect(file.status).toBe(200);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);

    // A later save adds another; the saved one, not sent again, stays.
    const again = await save(multipart(fields({ id, version: item.version, documentos: [{ id: 0, observaciones: '', archivo: 'documento_0' }] }), {
      documento_0: { bytes: PDF, name: 'ficha.pdf' },
    }));
    expect(again.status, again.body.msg).toBe(200);
    expect((await formOf(id)).documentos.map((d) => d.nombre)).toEqual(['cotizacion.pdf', 'ficha.pdf']);
  });

  it('a renamed executable, a missing file or a refused save stores nothing: no event, no file', async () => {
    const events = await eventCount();
    const files = uploads();
    const exe = await save(multipart(fields({ documentos: [{ id: 0, observaciones: 'x', archivo: 'documento_0' }] }), { documento_0: { bytes: EXE, name: 'informe.pdf' } }));
    expect(exe.status).toBe(415);
    expect(exe.body.msg).toMatch(/^Tipo de archivo no permitido/);
    expect(exe.body.errors).toHaveProperty(['documentos.0.pic']);

    const missing = await save(multipart(fields({ documentos: [{ id: 0, observaciones: 'sin archivo' }] })));
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ 'documentos.0.pic': MSG_DOCUMENT_FILE_REQUIRED });

    // The PDF is fine but the second row's file is not: the first file is removed again.
    const mixed = await save(multipart(fields({
      documentos: [{ id: 0, observaciones: '', archivo: 'documento_0' }, { id: 0, observaciones: '', archivo: 'documento_1' }],
    }), { documento_0: { bytes: PDF, name: 'ok.pdf' }, documento_1: { bytes: EXE, name: 'malo.pdf' } }));
    expect(mixed.status).toBe(415);
    // The request's own rules refuse it after the file was checked: nothing is kept either.
    const invalid = await save(multipart(fields({ descripcion_trabajo: '', documentos: [{ id: 0, observaciones: '', archivo: 'documento_0' }] }), {
      documento_0: { bytes: PDF, name: 'ok.pdf' },
    }));
    expect(invalid.status).toBe(422);
    expect(await eventCount()).toBe(events);
    expect(uploads()).toBe(files);
  });

  it('eliminarElementoDeDetalle removes a document while the request is editable; once sent it is refused', async () => {
    const r = await save(multipart(fields({
      documentos: [{ id: 0, observaciones: 'uno', archivo: 'documento_0' }, { id: 0, observaciones: 'dos', archivo: 'documento_1' }],
    }), { documento_0: { bytes: PDF, name: 'uno.pdf' }, documento_1: { bytes: PDF, name: 'dos.pdf' } }));
    expect(r.status, r.body.msg).toBe(200);
    const id = r.body.id as number;
    const [uno, dos] = (await formOf(id)).documentos;
    const removed = await api.call('POST', '/solicitudes_compras/eliminarElementoDeDetalle', { token: tokens.supervisor, json: { tabla: 'documentos', id: uno.id } });
    expect(removed.status, removed.body.msg).toBe(200);
    expect(removed.body.msg).toBe(MSG_DOCUMENT_REMOVED);
    expect(removed.body.version).toBe((await formOf(id)).version);
    expect((await formOf(id)).documentos.map((d) => d.observaciones)).toEqual(['dos']);
    const gone = await api.call('POST', '/solicitudes_compras/eliminarElementoDeDetalle', { token: tokens.supervisor, json: { tabla: 'documentos', id: uno.id } });
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe(MSG_DOCUMENT_NOT_FOUND);

    const item = await formOf(id);
    const sent = await api.call('POST', '/solicitudes_compras/create_not_ot', { token: tokens.supervisor, json: { ...fields({ id, version: item.version }), terminado: 1 } });
    expect(sent.status, sent.body.msg).toBe(200);
    const locked = await api.call('POST', '/solicitudes_compras/eliminarElementoDeDetalle', { token: tokens.supervisor, json: { tabla: 'documentos', id: dos.id } });
    expect(locked.status).toBe(409);
    expect((await formOf(id)).documentos).toHaveLength(1);
  });

  it('the documents rebuild from the events as they were written live', async () => {
    const live = await api.sql`SELECT id, id_solicitud_compra, pic, nombre, observaciones FROM rm_solicitud_compra_documentos ORDER BY id`;
    expect(live.length).toBeGreaterThan(0);
    await rebuildProjection(api.sql, api.store, purchaseRequestsProjection, 'inline');
    expect(await api.sql`SELECT id, id_solicitud_compra, pic, nombre, observaciones FROM rm_solicitud_compra_documentos ORDER BY id`).toEqual(live);
  });
});
