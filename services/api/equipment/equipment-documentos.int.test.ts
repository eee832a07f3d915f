import ExcelJS from 'exceljs';
import { readdir } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { EQUIPO_DOCUMENTO_MAX_KB, FILE_AFTER_FIRST_SAVE } from './documents/document-routes';
import { loadCatalog, validMachine } from '../../../tests/harness/equipment';

// Equipment documents (seed 001 §3, §5, §7) through real calls: title required, the file only after
// the first save, PDF or Excel decided by content, the size limit with the spec's message, the
// download byte for byte, and refused uploads leaving neither event nor file.
const api = useTestApi();

type Row = Record<string, unknown>;
let token: string;
let equipo: number;

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
/** A Windows executable header. */
const EXE = Uint8Array.from([0x4d, 0x5a, ...new Array(126).fill(0)]);

async function xlsx(): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Repuestos').addRow(['Código', 'Descripción']);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

function form(fields: Record<string, string | number>, file?: { bytes: Uint8Array; name: string; type?: string }): FormData {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, String(v));
  if (file) body.append('documento', new File([file.bytes as Uint8Array<ArrayBuffer>], file.name, { type: file.type ?? 'application/pdf' }));
  return body;
}

async function state() {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  const files = await readdir(api.deps.config.uploadsDir).catch(() => [] as string[]);
  return { events: n, files: [...files].sort() };
}

async function create(fields: Record<string, string | number>, file?: { bytes: Uint8Array; name: string; type?: string }) {
  return api.call('POST', '/equipo_documentos/create', { token, form: form(fields, file) });
}

beforeAll(async () => {
  token = await api.login('admin@faena.pe');
  const c = await loadCatalog(api.sql);
  equipo = ((await api.call('POST', '/equipos/create', { token, json: validMachine(c) })).body.item as Row).id as number;
});

describe('equipment documents', () => {
  it('starts empty, and the title is required', async () => {
    const list = await api.call('GET', '/equipo_documentos', { token, query: { id_equipo: equipo } });
    expect(list.body).toMatchObject({ ok: true, items: [], max_kb: EQUIPO_DOCUMENTO_MAX_KB });
    const before = await state();
    const r = await create({ id: 0, id_equipo: equipo, titulo: '  ' });
    expect(r.status).toBe(422);
    expect(r.body.errors.titulo).toBe('Este campo es obligatorio');
    const noMachine = await create({ id: 0, id_equipo: 987_654, titulo: 'Manual' });
    expect(noMachine.body.errors.id_equipo).toBe('El equipo no existe');
    expect(await state()).toEqual(before);
  });

  it('refuses a file on the first save, then attaches it on an edit and downloads it byte for byte', async () => {
    const before = await state();
    const early = await create({ id: 0, id_equipo: equipo, titulo: 'Manual de operación' }, { bytes: PDF, name: 'Manual de operación 320.pdf' });
    expect(early.status).toBe(422);
    expect(early.body.msg).toBe(FILE_AFTER_FIRST_SAVE);
    expect(early.body.errors.documento).toBe(FILE_AFTER_FIRST_SAVE);
    expect(await state()).toEqual(before);

    const saved = await create({ id: 0, id_equipo: equipo, titulo: 'Manual de operación', comentario: 'Versión del fabricante' });
    expect(saved.status).toBe(200);
    const doc = saved.body.item as Row;
    expect(doc).toMatchObject({ id_equipo: equipo, titulo: 'Manual de operación', comentario: 'Versión del fabricante', documento: null });
    const form0 = await api.call('POST', '/equipo_documentos/form', { token, json: { id: doc.id } });
    expect(form0.body).toMatchObject({ item: { titulo: 'Manual de operación' }, max_kb: EQUIPO_DOCUMENTO_MAX_KB });

    const attached = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Manual de operación' }, { bytes: PDF, name: 'Manual de operación 320.pdf' });
    expect(attached.status).toBe(200);
    expect(attached.body.item).toMatchObject({ documento: expect.stringMatching(/^[0-9a-f]{32}\.pdf$/), documento_nombre: 'Manual de operación 320.pdf', documento_bytes: PDF.byteLength });
    const list = await api.call('GET', '/equipo_documentos', { token, query: { id_equipo: equipo } });
    expect(list.body.items).toEqual([expect.objectContaining({ id: doc.id, titulo: 'Manual de operación', tiene_archivo: true, documento_nombre: 'Manual de operación 320.pdf' })]);

    const mechanic = await api.login('mecanico@faena.pe');
    const res = await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`, { headers: { authorization: `Bearer ${mechanic}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('Manual de operación 320.pdf')}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF);
    expect((await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`)).status).toBe(401);
    const almacen = await api.login('almacen.obra@faena.pe');
    expect((await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`, { headers: { authorization: `Bearer ${almacen}` } })).status).toBe(403);
    expect((await api.call('POST', '/equipo_documentos/create', { token: mechanic, form: form({ id: 0, id_equipo: equipo, titulo: 'x' }) })).status).toBe(403);
  });

  it('refuses an executable renamed .pdf and an oversize file with the spec message, leaving nothing stored', async () => {
    const doc = (await create({ id: 0, id_equipo: equipo, titulo: 'Ficha técnica' })).body.item as Row;
    const before = await state();
    const exe = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Ficha técnica' }, { bytes: EXE, name: 'ficha.pdf' });
    expect(exe.status).toBe(415);
    expect(exe.body.msg).toBe('Tipo de archivo no permitido. Se aceptan: PDF, Excel.');
    expect(exe.body.errors.documento).toBe(exe.body.msg);
    const big = new Uint8Array(EQUIPO_DOCUMENTO_MAX_KB * 1024 + 1);
    big.set(PDF);
    const heavy = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Ficha técnica' }, { bytes: big, name: 'ficha.pdf' });
    expect(heavy.status).toBe(413);
    expect(heavy.body.msg).toBe(`Archivo muy pesado, el límite es de ${EQUIPO_DOCUMENTO_MAX_KB} KB.`);
    const invalid = await create({ id: doc.id as number, id_equipo: equipo, titulo: '' }, { bytes: PDF, name: 'ficha.pdf' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.titulo).toBe('Este campo es obligatorio');
    const otherMachine = await create({ id: doc.id as number, id_equipo: 1, titulo: 'Ficha técnica' }, { bytes: PDF, name: 'ficha.pdf' });
    expect(otherMachine.body.errors.id_equipo).toBe('El documento pertenece a otro equipo');
    const missing = await create({ id: 987_654, id_equipo: equipo, titulo: 'Ficha técnica' }, { bytes: PDF, name: 'ficha.pdf' });
    expect(missing.status).toBe(404);
    expect(await state()).toEqual(before);
  });

  it('takes an Excel workbook, replaces the previous file, and removing the document removes its file', async () => {
    const doc = (await create({ id: 0, id_equipo: equipo, titulo: 'Lista de repuestos' })).body.item as Row;
    const first = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Lista de repuestos' }, { bytes: PDF, name: 'repuestos.pdf' });
    const firstName = (first.body.item as Row).documento as string;
    const book = await xlsx();
    const second = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Lista de repuestos' }, { bytes: book, name: 'repuestos.xlsx', type: 'application/octet-stream' });
    expect(second.status).toBe(200);
    const secondName = (second.body.item as Row).documento as string;
    expect(secondName).toMatch(/\.xlsx$/);
    let files = (await state()).files;
    expect(files).toContain(secondName);
    expect(files).not.toContain(firstName);
    const res = await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(book);

    const removed = await api.call('GET', '/equipo_documentos/remove', { token, query: { id: doc.id as number } });
    expect(removed.body.msg).toBe('Eliminado correctamente');
    files = (await state()).files;
    expect(files).not.toContain(secondName);
    const list = await api.call('GET', '/equipo_documentos', { token, query: { id_equipo: equipo } });
    expect((list.body.items as Row[]).map((i) => i.id)).not.toContain(doc.id);
    expect((await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
  });

  it('a document is disabled and enabled like every generic CRUD row (issue 13, item 21)', async () => {
    const id = ((await create({ id: 0, id_equipo: equipo, titulo: 'Certificado de operatividad' })).body.item as Row).id as number;
    const off = await api.call('POST', '/equipo_documentos/disable', { token, json: { id } });
    expect(off.body).toMatchObject({ ok: true, msg: 'Desactivado correctamente' });
    const listed = async () => ((await api.call('GET', '/equipo_documentos', { token, query: { id_equipo: equipo } })).body.items as Row[]).find((d) => d.id === id);
    expect(await listed()).toMatchObject({ estado: 0 });
    const [last] = (await api.store.readStream(`equipo_documento-${id}`)).slice(-1);
    expect(last.type).toBe('RecordDisabled');
    const on = await api.call('POST', '/equipo_documentos/enable', { token, json: { id } });
    expect(on.body).toMatchObject({ ok: true, msg: 'Activado correctamente' });
    expect(await listed()).toMatchObject({ estado: 1 });
    expect((await api.call('POST', '/equipo_documentos/disable', { token, json: { id: 987_654 } })).status).toBe(404);
    const mecanico = await api.login('mecanico@faena.pe'); // '/equipos': see only
    expect((await api.call('POST', '/equipo_documentos/disable', { token: mecanico, json: { id } })).status).toBe(403);
  });

  it('a document without file has nothing to download', async () => {
    const doc = (await create({ id: 0, id_equipo: equipo, titulo: 'Póliza de seguro' })).body.item as Row;
    const r = await api.call('GET', '/equipo_documentos/downloadFile', { token, query: { id: doc.id as number } });
    expect(r.status).toBe(404);
    expect(r.body.msg).toBe('El documento no tiene archivo adjunto');
  });

  it('downloads under the extension of the detected kind, not the client’s; a NUL in the name is refused (issue 13 §8, §12)', async () => {
    const doc = (await create({ id: 0, id_equipo: equipo, titulo: 'Factura del proveedor' })).body.item as Row;
    const saved = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Factura del proveedor' }, { bytes: PDF, name: 'factura.html', type: 'text/html' });
    expect((saved.body.item as Row).documento_nombre).toBe('factura.pdf');
    const res = await api.raw('GET', `/equipo_documentos/downloadFile?id=${String(doc.id)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain('filename="factura.pdf"');

    const before = await state();
    const nul = await create({ id: doc.id as number, id_equipo: equipo, titulo: 'Factura del proveedor' }, { bytes: PDF, name: 'factura\u0000.pdf' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors.documento).toMatch(/^Nombre de archivo no válido/);
    expect(await state()).toEqual(before);
  });
});
