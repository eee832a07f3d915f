import { existsSync, readdirSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { centralEntriesProjection } from '../../../projections/central-entries';
import { purchaseRequestsProjection } from '../../../projections/purchase-requests';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import { driveToOrder, firstSite, firstUnit, signInPurchaseChain, type ChainLine } from '../../../tests/harness/purchase-chain';
import { MSG_ALREADY_IMPORTED, MSG_IMPORTED, MSG_ONLY_SPREADSHEETS, R_ORDER_UNKNOWN, R_QUANTITY } from './import-entries';

// Issue 17, central entries from Excel (SEED-002-ANALYSIS WP3 "Import"): real xlsx files built
// here with exceljs, products brought to 7 'En OC' through the real commands (create, attend,
// approve, SICAM's approved order with its number), then imported.

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let materials: { id: number; codigo: string }[];
let unidad: number;

const HEADER = ['Número', 'Código Obra', 'Descripción Obra', 'Moneda', 'Fecha Desde', 'Fecha Hasta', 'Procedencia', 'Fecha Movimiento',
  'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Importe', 'Número Orden Compra'];
type Line = { obra?: string; recurso: string; orden: string; cantidad: number | string; albaran?: string; importe?: number };

async function workbook(lines: Line[], header = HEADER): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(header);
  lines.forEach((l, i) => ws.addRow([i + 1, l.obra ?? obra.codigo, 'Obra de prueba', 'PEN', new Date(Date.UTC(2026, 10, 1)), new Date(Date.UTC(2026, 10, 30)), 'Proveedor',
    new Date(Date.UTC(2026, 10, 20)), l.recurso, `Recurso ${l.recurso}`, 'UND', l.albaran ?? 'ALB-001', l.cantidad, l.importe ?? 100, l.orden]));
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

const upload = (bytes: Uint8Array, name = 'ingresos.xlsx', token = tokens.central) => {
  const form = new FormData();
  form.append('archivo', new File([bytes as Uint8Array<ArrayBuffer>], name));
  return api.call('POST', '/almacen_central_entradas_archivos', { token, form });
};
const uploads = () => (existsSync(api.deps.config.uploadsDir) ? readdirSync(api.deps.config.uploadsDir).length : 0);
const count = async (table: string) => Number((await api.sql.unsafe(`SELECT count(*)::int AS n FROM ${table}`))[0].n);
const product = async (id: number) =>
  (await api.sql<{ estado: number; entrada: number }[]>`SELECT estado::int, cantidad_en_almacen_central_entrada::float8 AS entrada FROM rm_productos_solicitados WHERE id = ${id}`)[0];

/** A compra with these materials and quantities, driven to 7 'En OC' under `orden`: sent,
 * attended with everything to buy, approved, pushed to SICAM and approved there with its number. */
async function inOrder(orden: string, lines: ChainLine[]): Promise<number[]> {
  const ids = await driveToOrder(api, tokens, { obra: obra.id, unidad, orden, descripcion: 'Repuestos para ingreso', lines });
  for (const p of ids) expect((await product(p)).estado).toBe(7);
  return ids;
}

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  obra = await firstSite(api);
  materials = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id LIMIT 3`;
  expect(materials).toHaveLength(3);
  unidad = await firstUnit(api);
}, 120_000);

describe('central entries from Excel', () => {
  it('a pdf renamed .xlsx is refused 415 with a Spanish message, and nothing is stored', async () => {
    const before = { files: uploads(), rows: await count('rm_almacen_central_entradas_archivos'), events: await count('es_events') };
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
    const r = await upload(pdf, 'ingresos.xlsx');
    expect(r.status).toBe(415);
    expect(r.body).toMatchObject({ ok: false, msg: MSG_ONLY_SPREADSHEETS, errors: { archivo: MSG_ONLY_SPREADSHEETS } });
    expect({ files: uploads(), rows: await count('rm_almacen_central_entradas_archivos'), events: await count('es_events') }).toEqual(before);
  });

  it('3 rows with 1 unknown order: 2 valid, 1 invalid with its reason; the file is kept and processed; a full entry moves its product to 8, a partial one keeps 7 with the quantity', async () => {
    const [p1, p2] = await inOrder('OC-0001', [{ material: materials[0], cantidad: 3 }, { material: materials[1], cantidad: 4 }]);
    const files = uploads();
    const bytes = await workbook([
      { recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 3 },
      { recurso: materials[1].codigo, orden: 'OC-0001', cantidad: 2 },
      { recurso: materials[0].codigo, orden: 'OC-9999', cantidad: 1 },
    ]);
    const r = await upload(bytes);
    expect(r.status, r.body.msg).toBe(200);
    expect(r.body).toMatchObject({ ok: true, msg: MSG_IMPORTED, validos: 2, nuevos: 2, repetidos: 0 });
    expect(r.body.invalidos).toEqual([expect.objectContaining({ fila: 4, motivo: R_ORDER_UNKNOWN, numero_orden_compra: 'OC-9999', codigo_recurso: materials[0].codigo, cantidad: 1 })]);
    expect(uploads()).toBe(files + 1);

    const list = await api.call('GET', '/almacen_central_entradas_archivos', { token: tokens.central });
    const [fileRow] = list.body.items as { pic: string }[];
    expect(fileRow).toMatchObject({ id: r.body.id_archivo, nombre: 'ingresos.xlsx', objeto_procesado: 1, validos: 2, nuevos: 2, invalidos: 1 });
    expect(existsSync(`${api.deps.config.uploadsDir}/${fileRow.pic}`)).toBe(true);

    expect(await product(p1)).toEqual({ estado: 8, entrada: 3 });
    expect(await product(p2)).toEqual({ estado: 7, entrada: 2 });

    const entries = await api.call('GET', '/almacen_central_entradas', { token: tokens.central, query: { numero_orden_compra: 'OC-0001' } });
    expect(entries.body.total).toBe(2);
    expect(entries.body.items).toEqual(expect.arrayContaining([expect.objectContaining({
      numero_orden_compra: 'OC-0001', codigo_obra: obra.codigo, codigo_recurso: materials[0].codigo, cantidad: 3, importe: 100, albaran: 'ALB-001', unidad: 'UND', moneda: 'PEN', fecha_movimiento: '2026-11-20',
    })]));
    const entry = (entries.body.items as { id: number; codigo_recurso: string }[]).find((e) => e.codigo_recurso === materials[1].codigo)!;
    const products = await api.call('GET', '/almacen_central_entradas/obtenerProductosSolicitados', { token: tokens.central, query: { id: entry.id } });
    expect(products.body.items).toEqual([expect.objectContaining({ id: p2, estado: 7, estado_nombre: 'En OC', cantidad_en_almacen_central_entrada: 2, cantidad_solicitada_por_almacen_central: 4 })]);
    const byKey = await api.call('GET', '/almacen_central_entradas/obtenerProductosSolicitados', { token: tokens.central, query: { codigo_recurso: materials[0].codigo, numero_orden_compra: 'OC-0001' } });
    expect(byKey.body.items).toEqual([expect.objectContaining({ id: p1, estado: 8, estado_nombre: 'En almacén central' })]);

    // The request's history says so.
    const [ev] = await api.sql`SELECT data FROM es_events WHERE event_type = 'RequestedProductsEnteredCentral' ORDER BY global_position DESC LIMIT 1`;
    expect((ev.data as { productos: unknown[] }).productos).toEqual([
      { id_producto: p1, cantidad: 3, cantidad_entrada: 3, estado: 8 },
      { id_producto: p2, cantidad: 2, cantidad_entrada: 2, estado: 7 },
    ]);

    // Importing the same file again creates nothing: no entry, no file record, no stored file, no event.
    const before = { entries: await count('rm_almacen_central_entradas'), files: await count('rm_almacen_central_entradas_archivos'), stored: uploads(), events: await count('es_events') };
    const again = await upload(bytes);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ msg: MSG_ALREADY_IMPORTED, id_archivo: null, validos: 2, nuevos: 0, repetidos: 2 });
    expect(again.body.invalidos).toHaveLength(1);
    expect({ entries: await count('rm_almacen_central_entradas'), files: await count('rm_almacen_central_entradas_archivos'), stored: uploads(), events: await count('es_events') }).toEqual(before);

    // The same rows in another file (other header spellings, one new row): only the new row enters,
    // and it completes the second product.
    const other = await workbook([
      { recurso: materials[1].codigo, orden: 'oc-0001', cantidad: 2 },
      { recurso: materials[1].codigo, orden: 'OC-0001', cantidad: 2, albaran: 'ALB-002' },
    ], HEADER.map((h) => h.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '')));
    const third = await upload(other, 'ingresos-2.xlsx');
    expect(third.body).toMatchObject({ msg: MSG_IMPORTED, validos: 2, nuevos: 1, repetidos: 1, invalidos: [] });
    expect(await count('rm_almacen_central_entradas')).toBe(before.entries + 1);
    expect(await product(p2)).toEqual({ estado: 8, entrada: 4 });
  });

  it('an entry shared by two products fills them in order; what is left stays central stock', async () => {
    const [a, b] = await inOrder('OC-0002', [{ material: materials[2], cantidad: 3 }, { material: materials[2], cantidad: 4 }]);
    const r = await upload(await workbook([{ recurso: materials[2].codigo, orden: 'OC-0002', cantidad: 5 }]));
    expect(r.body).toMatchObject({ validos: 1, nuevos: 1 });
    expect(await product(a)).toEqual({ estado: 8, entrada: 3 });
    expect(await product(b)).toEqual({ estado: 7, entrada: 2 });
    const more = await upload(await workbook([{ recurso: materials[2].codigo, orden: 'OC-0002', cantidad: 10, albaran: 'ALB-009' }]));
    expect(more.body).toMatchObject({ validos: 1, nuevos: 1 });
    expect(await product(b)).toEqual({ estado: 8, entrada: 4 });
  });

  it('each row is checked on its own: quantities, codes, repeated keys', async () => {
    const r = await upload(await workbook([
      { recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 0, albaran: 'X1' },
      { recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 'tres', albaran: 'X2' },
      { recurso: '', orden: 'OC-0001', cantidad: 1, albaran: 'X3' },
      { obra: 'NO-EXISTE', recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 1, albaran: 'X4' },
      { recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 1, albaran: 'X5' },
      { recurso: materials[0].codigo, orden: 'OC-0001', cantidad: 1, albaran: 'X5' },
    ]));
    expect(r.status).toBe(200);
    expect(r.body.validos).toBe(1);
    expect((r.body.invalidos as { fila: number; motivo: string }[]).map((i) => [i.fila, i.motivo])).toEqual([
      [2, R_QUANTITY], [3, R_QUANTITY], [4, 'Falta el código del recurso'], [5, 'La obra no existe'], [7, 'El ingreso se repite en la fila 6'],
    ]);
  });

  it('a sheet without the columns is 422; no file is 422; a user without the right is 403', async () => {
    const wrong = await upload(await workbook([{ recurso: 'X', orden: 'OC-0001', cantidad: 1 }], ['a', 'b', 'c']));
    expect(wrong.status).toBe(422);
    expect(wrong.body.msg).toMatch(/^El archivo no tiene las columnas: /);
    const none = await api.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form: new FormData() });
    expect(none.status).toBe(422);
    const denied = await upload(await workbook([]), 'x.xlsx', tokens.supervisor);
    expect(denied.status).toBe(403);
  });

  it('rebuilt from the events, the files, the entries and the products equal the live tables', async () => {
    const snap = async () => ({
      files: await api.sql`SELECT * FROM rm_almacen_central_entradas_archivos ORDER BY id`,
      entries: await api.sql`SELECT * FROM rm_almacen_central_entradas ORDER BY id`,
      products: await api.sql`SELECT id, estado, cantidad_en_almacen_central_entrada FROM rm_productos_solicitados ORDER BY id`,
    });
    const live = await snap();
    expect(live.entries.length).toBeGreaterThan(3);
    await rebuildProjection(api.sql, api.store, centralEntriesProjection, 'inline');
    await rebuildProjection(api.sql, api.store, purchaseRequestsProjection, 'inline');
    expect(await snap()).toEqual(live);
  });
});
