import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { createApp } from '../app';

// The shared mechanisms, through real calls: envelope, list, lookup, CRUD, export, upload.
const api = useTestApi();

async function rootToken() {
  return api.login('root@faena.pe');
}

describe('envelope', () => {
  it('unknown routes and thrown errors keep the envelope; 500 carries the request id, never a stack', async () => {
    const missing = await api.call('GET', '/no/such/route');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ ok: false, msg: 'Ruta no encontrada', errors: {} });
    const token = await rootToken();
    // Break a read model on purpose: the list's SQL fails inside the handler.
    await api.sql`ALTER TABLE rm_unidades RENAME COLUMN etiquetas TO etiquetas_x`;
    try {
      const r = await api.call('GET', '/unidades', { token, headers: { 'x-request-id': 'req-abc-123' } });
      expect(r.status).toBe(500);
      expect(r.body).toEqual({ ok: false, msg: 'Se produjo un error', errors: {}, request_id: 'req-abc-123' });
      expect(r.headers.get('x-request-id')).toBe('req-abc-123');
    } finally {
      await api.sql`ALTER TABLE rm_unidades RENAME COLUMN etiquetas_x TO etiquetas`;
    }
  });

  it('a conflicting save answers 409 with the Spanish message', async () => {
    const token = await rootToken();
    const created = await api.call('POST', '/marcas/create', { token, json: { id: 0, nombre: 'Terex' } });
    const id = (created.body.item as { id: number }).id;
    // Two saves that both read the record before either writes (a barrier after the read).
    const store = api.deps.store;
    const read = store.readStream;
    let arrived = 0;
    let go!: () => void;
    const barrier = new Promise<void>((r) => (go = r));
    store.readStream = async (...args) => {
      const events = await read(...args);
      if (++arrived === 2) go();
      await barrier;
      return events;
    };
    let results;
    try {
      results = await Promise.all([0, 1].map((i) => api.call('POST', '/marcas/create', { token, json: { id, nombre: `Terex ${i}` } })));
    } finally {
      store.readStream = read;
    }
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const conflict = results.find((r) => r.status === 409)!;
    expect(conflict.body).toEqual({ ok: false, msg: 'El registro fue modificado por otro usuario. Vuelva a cargarlo e intente nuevamente.', errors: {} });
  });
});

/** The sources a Content-Security-Policy allows scripts from: its script-src, else its default-src. */
function scriptSources(csp: string): string[] | null {
  const directives = new Map(csp.split(';').map((d) => d.trim().split(/\s+/)).map(([name, ...values]) => [name.toLowerCase(), values]));
  return directives.get('script-src') ?? directives.get('default-src') ?? null;
}

describe('security headers (issue 13 §7)', () => {
  it('pages and API replies forbid inline script and framing, with nosniff and same-origin referrers', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'faena-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Faena</title><div id="root"></div>');
    try {
      const app = createApp({ deps: api.deps, webDir });
      const token = await rootToken();
      const auth = { headers: { authorization: `Bearer ${token}` } };
      for (const [path, init] of [['/login'], ['/ordenes_trabajo'], ['/api/health'], ['/api/no/such/route'], ['/api/me', auth]] as const) {
        const res = await app.request(path, init);
        expect(res.status, path).toBeLessThan(500);
        const csp = res.headers.get('content-security-policy') ?? '';
        const scripts = scriptSources(csp);
        expect(scripts, `${path}: a CSP that names where scripts come from`).not.toBeNull();
        expect(scripts, path).not.toContain("'unsafe-inline'");
        expect(scripts, path).not.toContain("'unsafe-eval'");
        expect(csp, path).toContain("frame-ancestors 'none'");
        expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
        expect(res.headers.get('referrer-policy'), path).toBe('same-origin');
      }
    } finally {
      rmSync(webDir, { recursive: true, force: true });
    }
  });
});

describe('list protocol', () => {
  it('pages, sorts, searches (accent-insensitive), filters and counts', async () => {
    const token = await rootToken();
    const page1 = await api.call('GET', '/modelos', { token, query: { page: 1, limit: 5, order_col: 'nombre', order_dir: 'desc' } });
    expect(page1.status).toBe(200);
    const items = page1.body.items as { nombre: string; marca: string; id_marca: number }[];
    expect(items.length).toBe(5);
    expect(page1.body.total).toBeGreaterThan(40);
    const expectedOrder = await api.sql`SELECT nombre FROM rm_modelos ORDER BY nombre DESC NULLS LAST, id DESC LIMIT 5`;
    expect(items.map((i) => i.nombre)).toEqual(expectedOrder.map((r) => r.nombre));
    expect(Object.keys(page1.body).sort()).toEqual(['errors', 'items', 'msg', 'ok', 'total']); // no sql leaks
    const page2 = await api.call('GET', '/modelos', { token, query: { page: 2, limit: 5, order_col: 'nombre', order_dir: 'desc' } });
    const ids1 = items.map((i) => JSON.stringify(i));
    for (const row of page2.body.items as object[]) expect(ids1).not.toContain(JSON.stringify(row));

    const [cat] = await api.sql`SELECT id FROM rm_marcas WHERE nombre = 'Caterpillar'`;
    const filtered = await api.call('GET', '/modelos', { token, query: { id_marca: cat.id, limit: 100 } });
    expect((filtered.body.items as { marca: string }[]).every((i) => i.marca === 'Caterpillar')).toBe(true);
    const [{ n: catModels }] = await api.sql`SELECT count(*)::int AS n FROM rm_modelos WHERE id_marca = ${cat.id}`;
    expect(catModels).toBeGreaterThan(1);
    expect(filtered.body.total).toBe(catModels);

    await api.call('POST', '/unidades/create', { token, json: { id: 0, nombre: 'Galón americano', decimales: 2, etiquetas: 'líquidos' } });
    const search = await api.call('GET', '/unidades', { token, query: { query: 'GALON' } });
    expect((search.body.items as { nombre: string }[]).map((i) => i.nombre)).toContain('Galón americano');
  });

  it('date range applies only with both ends', async () => {
    const token = await rootToken();
    const all = await api.call('GET', '/marcas', { token, query: { limit: 100 } });
    const onlyFrom = await api.call('GET', '/marcas', { token, query: { limit: 100, date_from: '2999-01-01' } });
    expect(onlyFrom.body.total).toBe(all.body.total);
    const future = await api.call('GET', '/marcas', { token, query: { date_from: '2999-01-01', date_to: '2999-12-31' } });
    expect(future.body.total).toBe(0);
    expect(future.body.items).toEqual([]);
  });
});

describe('lookups', () => {
  it('items with value and label, a single item by value, and a dependent select by parent', async () => {
    const token = await rootToken();
    const marcas = await api.call('GET', '/fil_datas/marcas', { token, query: { query: 'kom' } });
    const komatsu = (marcas.body.items as { value: number; label: string }[])[0];
    expect(komatsu.label).toBe('Komatsu');
    const one = await api.call('GET', '/fil_datas/marcas', { token, query: { value: komatsu.value } });
    expect(one.body.item).toEqual({ value: komatsu.value, label: 'Komatsu' });
    const modelos = await api.call('GET', '/fil_datas/modelos', { token, query: { id_marca: komatsu.value, limit: 500 } });
    const labels = (modelos.body.items as { label: string; id_marca: number }[]);
    const [{ n: komatsuModels }] = await api.sql`SELECT count(*)::int AS n FROM rm_modelos WHERE id_marca = ${komatsu.value} AND estado = 1`;
    expect(komatsuModels).toBeGreaterThan(1);
    expect(labels.length).toBe(komatsuModels);
    expect(labels.every((m) => m.id_marca === komatsu.value)).toBe(true);
    const tooMany = await api.call('GET', '/fil_datas/unidades', { token, query: { limit: 501 } });
    expect(tooMany.status).toBe(422);
  });
});

describe('modal CRUD on record streams', () => {
  it('form, create, update with changed fields only, disable, enable, remove, with the spec toasts', async () => {
    const token = await rootToken();
    const empty = await api.call('POST', '/unidades/form', { token, json: { id: 0 } });
    expect(empty.body.item).toEqual({ id: 0, nombre: '', decimales: 0, etiquetas: '' });
    const missing = await api.call('POST', '/unidades/create', { token, json: { id: 0, nombre: '  ' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ nombre: 'Este campo es obligatorio' });

    const created = await api.call('POST', '/unidades/create', { token, json: { id: 0, nombre: 'Bolsa', decimales: 0 } });
    expect(created.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', is_new: true });
    const id = (created.body.item as { id: number }).id;
    const updated = await api.call('POST', '/unidades/create', { token, json: { id, nombre: 'Bolsa 25 kg', decimales: 0 } });
    expect(updated.body).toMatchObject({ ok: true, msg: 'Guardado correctamente', is_new: false });
    const stream = await api.store.readStream(`unidad-${id}`);
    expect(stream.map((e) => e.type)).toEqual(['RecordCreated', 'RecordUpdated']);
    expect(stream[1].data.changes).toEqual({ nombre: { from: 'Bolsa', to: 'Bolsa 25 kg' } });
    expect(stream[1].metadata.userId).toBe(1);

    expect((await api.call('POST', '/unidades/disable', { token, json: { id } })).body.msg).toBe('Desactivado correctamente');
    expect((await api.call('POST', '/unidades/form', { token, json: { id } })).body.item).toMatchObject({ estado: 0 });
    expect((await api.call('POST', '/unidades/enable', { token, json: { id } })).body.msg).toBe('Activado correctamente');
    expect((await api.call('GET', '/unidades/remove', { token, query: { id } })).body.msg).toBe('Eliminado correctamente');
    const gone = await api.call('POST', '/unidades/form', { token, json: { id } });
    expect(gone.status).toBe(404);
    const again = await api.call('GET', '/unidades/remove', { token, query: { id } });
    expect(again.status).toBe(404);
  });

  it('business rules give field errors; protected rows are refused', async () => {
    const token = await rootToken();
    const dup = await api.call('POST', '/marcas/create', { token, json: { id: 0, nombre: 'caterpillar' } });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe una marca con ese nombre' });
    const noBrand = await api.call('POST', '/modelos/create', { token, json: { id: 0, id_marca: 99999, nombre: 'X' } });
    expect(noBrand.body.errors).toEqual({ id_marca: 'La marca no existe' });
  });
});

describe('exports', () => {
  it('the xlsx of a list, read back with exceljs, equals the list rows', async () => {
    const token = await rootToken();
    const query = { order_col: 'marca', order_dir: 'asc', query: 'a' };
    const list = await api.call('GET', '/modelos', { token, query: { ...query, limit: 100 } });
    const res = await api.raw('GET', `/modelos/export?${new URLSearchParams({ ...query, kind: 'xlsx' })}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="modelos_\d{4}-\d{2}-\d{2}\.xlsx"/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = book.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(['ID', 'Marca', 'Modelo', 'Estado', 'Creado']);
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1, 4));
    });
    const expected = (list.body.items as { id: number; marca: string; nombre: string }[]).map((i) => [i.id, i.marca, i.nombre]);
    expect(list.body.total).toBe(expected.length);
    expect(rows).toEqual(expected);
  });

  it('csv keeps accents (UTF-8 with BOM); html and pdf stream; the form POST with a token works', async () => {
    const token = await rootToken();
    await api.call('POST', '/unidades/create', { token, json: { id: 0, nombre: 'Año-máquina', etiquetas: 'ñandú, pingüino' } });
    const form = new URLSearchParams({ kind: 'csv', token, query: 'máquina' });
    const res = await api.raw('POST', '/unidades/export', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.status).toBe(200);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('Año-máquina');
    expect(text).toContain('"ñandú, pingüino"');
    const noToken = await api.raw('POST', '/unidades/export', { body: new URLSearchParams({ kind: 'csv' }), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(noToken.status).toBe(401);
    for (const kind of ['pdf', 'html']) {
      const r = await api.raw('GET', `/unidades/export?kind=${kind}`, { headers: { authorization: `Bearer ${token}` } });
      expect(r.status).toBe(200);
      const body = Buffer.from(await r.arrayBuffer());
      expect(body.length).toBeGreaterThan(500);
      if (kind === 'pdf') expect(body.subarray(0, 5).toString()).toBe('%PDF-');
      else expect(body.toString()).toContain('<h1>Unidades</h1>');
    }
  });
});

describe('uploads', () => {
  it('a signature jpg is stored outside the web root and served to signed-in users only', async () => {
    const token = await api.login('supervisor@faena.pe');
    // A real 200×120 JPEG header: SOI, APP0, SOF0 with the frame size, EOI.
    const jpg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00,
      0xff, 0xc0, 0x00, 0x0b, 0x08, 0x00, 0x78, 0x00, 0xc8, 0x01, 0x01, 0x11, 0x00, 0xff, 0xd9,
    ]);
    const form = new FormData();
    form.append('pic_firma', new File([jpg], 'mi firma.png', { type: 'image/png' }));
    const r = await api.call('POST', '/me/actualizarPerfil', { token, form });
    expect(r.status).toBe(200);
    const pic = r.body.pic as string;
    expect(pic).toMatch(/^\/uploads\/[0-9a-f]{32}\.jpg$/);
    const served = await api.raw('GET', pic, { headers: { authorization: `Bearer ${token}` } });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(jpg);
    expect((await api.raw('GET', pic)).status).toBe(401);
    expect((await api.raw('GET', '/uploads/..%2F..%2Fetc%2Fpasswd', { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);

    const wrongSize = new Uint8Array(jpg);
    wrongSize[27] = 0x01; // width 456
    const form2 = new FormData();
    form2.append('pic_firma', new File([wrongSize], 'firma.jpg'));
    const refused = await api.call('POST', '/me/actualizarPerfil', { token, form: form2 });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.pic_firma).toBe('La firma debe ser una imagen JPG de 200 × 120 píxeles');
  });
});
