import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../../events/execute';
import { updateRecord } from '../../../events/record/commands';
import { workOrders } from '../../../events/work-order/decider';
import { purchaseRequestsProjection } from '../../../projections/purchase-requests';
import { rebuildProjection } from '../../../projections/rebuild';
import { useTestApi } from '../../../tests/harness/api';
import { driveToOrder, firstSite, firstUnit, signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { PRODUCT_CODE_SQL, stockCode, stockMoves } from '../stock/stock-moves';
import { MSG_PRODUCT_NOT_FOUND } from './product-movements';

// The nested entries and exits of /solicitud_compra_productos (seed 002 §2, §7
// obtenerEntradasDeAlmacen and the exit history by id_producto_solicitado; issue 17). Requests
// driven to 7 'En OC' through the API, entries imported as Excel files through the API, a transfer
// with a waybill and a site receipt through the API; the exits of an OT's lines through the API.

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let otraObra: number;
let material: { id: number; codigo: string };
let unidad: number;
const ORDER = 'OC-PM001';
const HEADER = ['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Número Orden Compra'];

/** One Excel file of entries (albarán, quantity) of `material` under ORDER, imported through the API. */
async function importFile(name: string, rows: [string, number][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(HEADER);
  for (const [albaran, cantidad] of rows) ws.addRow([obra.codigo, material.codigo, 'Recurso', 'UND', albaran, cantidad, ORDER]);
  const form = new FormData();
  form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], name));
  const r = await api.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form });
  expect(r.body).toMatchObject({ validos: rows.length, nuevos: rows.length });
  return r.body.id_archivo as number;
}

/** A compra of `material` asking these quantities, driven to 7 'En OC' under ORDER. */
const inOrder = (cantidades: number[]) =>
  driveToOrder(api, tokens, { obra: obra.id, unidad, orden: ORDER, descripcion: 'Repuestos con ingresos', lines: cantidades.map((cantidad) => ({ material, cantidad })) });

/** The product's row on GET /solicitud_compra_productos (seed 002 §3 "Requested product (list and warehouse)"). */
async function listRow(id: number): Promise<Record<string, unknown>> {
  const [p] = await api.sql<{ id_solicitud_compra: number }[]>`SELECT id_solicitud_compra::int FROM rm_productos_solicitados WHERE id = ${id}`;
  const r = await api.call('GET', '/solicitud_compra_productos', { token: tokens.admin, query: { id_solicitud_compra: p.id_solicitud_compra, limit: 100 } });
  expect(r.status, String(r.body.msg)).toBe(200);
  const row = (r.body.items as Record<string, unknown>[]).find((i) => i.id === id);
  expect(row).toBeDefined();
  return row!;
}

const entries = (id: number, token = tokens.central) => api.call('GET', '/solicitud_compra_productos/obtenerEntradasDeAlmacen', { token, query: { id_producto_solicitado: id } });
const byAlbaran = (items: { albaran: string; cantidad: number }[]) => items.map((i) => [i.albaran, i.cantidad]);

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  tokens.admin = await api.login('admin@faena.pe');
  obra = await firstSite(api);
  [{ id: otraObra }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_obras WHERE id <> ${obra.id} ORDER BY id LIMIT 1`;
  [material] = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, upper(codigo) AS codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id DESC LIMIT 1`;
  unidad = await firstUnit(api);
}, 120_000);

describe('a requested product’s entries (obtenerEntradasDeAlmacen)', () => {
  let a: number;
  let b: number;
  let c: number;

  it('each entry’s albarán and quantity per product, across requests and files, as the import filled them', async () => {
    // Request 1 asks 3 (a) and 4 (b); request 2 asks 2 (c); all of the same code and order.
    [a, b] = await inOrder([3, 4]);
    [c] = await inOrder([2]);
    // File 1: ALB-1 of 2 fills a; ALB-2 of 4 ends a (1) and gives b 3. File 2: ALB-3 of 3 ends b (1) and fills c (2).
    const f1 = await importFile('ingresos-1.xlsx', [['ALB-1', 2], ['ALB-2', 4]]);
    const f2 = await importFile('ingresos-2.xlsx', [['ALB-3', 3]]);
    const ra = await entries(a);
    expect(ra.status, String(ra.body.msg)).toBe(200);
    expect(byAlbaran(ra.body.items as never)).toEqual([['ALB-1', 2], ['ALB-2', 1]]);
    expect(ra.body.items).toEqual([
      expect.objectContaining({ id_archivo: f1, nombre_archivo: 'ingresos-1.xlsx', numero_orden_compra: ORDER, codigo_recurso: material.codigo, id_entrada: expect.any(Number) }),
      expect.objectContaining({ id_archivo: f1, albaran: 'ALB-2' }),
    ]);
    expect(byAlbaran((await entries(b)).body.items as never)).toEqual([['ALB-2', 3], ['ALB-3', 1]]);
    const rc = await entries(c);
    expect(byAlbaran(rc.body.items as never)).toEqual([['ALB-3', 2]]);
    expect(rc.body.items).toEqual([expect.objectContaining({ id_archivo: f2, nombre_archivo: 'ingresos-2.xlsx' })]);
    // What each product shows adds up to what it holds as entered.
    const [held] = await api.sql<{ a: number; b: number; c: number }[]>`
      SELECT sum(cantidad_en_almacen_central_entrada) FILTER (WHERE id = ${a})::float8 AS a, sum(cantidad_en_almacen_central_entrada) FILTER (WHERE id = ${b})::float8 AS b,
             sum(cantidad_en_almacen_central_entrada) FILTER (WHERE id = ${c})::float8 AS c FROM rm_productos_solicitados`;
    expect(held).toEqual({ a: 3, b: 4, c: 2 });
    expect(ra.body).toMatchObject({ traslados: [], entradas_obra: [] });
  });

  it('its transfer with a waybill and its receipt at site follow', async () => {
    const sent = await api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.central, json: { numero_guia: 'G-PM-1', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 4 }] } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const received = await api.call('POST', '/almacen_obra_entradas/create', { token: tokens.admin, json: { entradas: [{ id_producto_solicitado: b, cantidad_entrante: 3 }] } });
    expect(received.status, JSON.stringify(received.body)).toBe(200);
    const r = await entries(b, tokens.admin);
    expect(r.body.traslados).toEqual([expect.objectContaining({ id_traslado: sent.body.id_traslado, numero_guia: 'G-PM-1', numero_orden: ORDER, cantidad: 4, usuario: 'Rosa Chávez Ramos' })]);
    expect(r.body.entradas_obra).toEqual([expect.objectContaining({ cantidad: 3, usuario: 'Ana Quispe Rojas' })]);
    expect((await entries(a, tokens.admin)).body).toMatchObject({ traslados: [], entradas_obra: [] });
  });

  it('its row on /solicitud_compra_productos carries the seed’s fields: the purchase order, price and currency, what the site received, nothing issued yet', async () => {
    const row = await listRow(b);
    expect(row).toMatchObject({
      codigo_material: material.codigo, id_material: material.id, id_unidad: unidad, id_material_tipo: expect.any(Number),
      // A request without OT: what was asked is the technician's quantity too (projections/purchase-requests).
      cantidad_solicitada_por_tecnico: 4, cantidad_en_almacen_obra: 0, cantidad_solicitada_por_almacen_obra: 4, en_almacen_central: 0, observacion_almacen_central: '',
      solicitud_material: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0, stock_solicitud: null,
      numero_orden: ORDER, precio: 10, moneda: 'PEN', recibido: 3, salio_almacen: 0, vale_salida: '',
      fecha_requerimiento: '2026-12-20', codigo_grupo_funcional_elemento: null,
    });
    const [p] = await api.sql<{ estado: number }[]>`SELECT estado::int FROM rm_productos_solicitados WHERE id = ${b}`;
    expect(row.objeto_estado).toEqual({ id: p.estado, nombre: row.estado_nombre, color: expect.stringMatching(/^(slate|amber|violet|sky|emerald|rose)$/) });
    expect((await listRow(a)).recibido).toBe(0);
  });

  it('by `id` too; a bad or missing id is 422, an unknown one 404, no module right 403, another site 404', async () => {
    const byId = await api.call('GET', '/solicitud_compra_productos/obtenerEntradasDeAlmacen', { token: tokens.central, query: { id: a } });
    expect(byAlbaran(byId.body.items as never)).toEqual([['ALB-1', 2], ['ALB-2', 1]]);
    for (const query of [{ id_producto_solicitado: 'abc' }, {}, { id: '-1' }] as Record<string, string>[]) {
      const r = await api.call('GET', '/solicitud_compra_productos/obtenerEntradasDeAlmacen', { token: tokens.central, query });
      expect(r.status, JSON.stringify(query)).toBe(422);
      expect(r.body.ok).toBe(false);
    }
    const unknown = await entries(99_999_999);
    expect([unknown.status, unknown.body.msg]).toEqual([404, MSG_PRODUCT_NOT_FOUND]);
    expect((await entries(a, tokens.supervisor)).status).toBe(403);
    expect((await api.call('GET', '/solicitud_compra_productos/obtenerHistorialSalidas', { token: tokens.supervisor, query: { id: a } })).status).toBe(403);
    // A user of the module who works on another site only: the product is not there for them.
    const [jefe] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE email = 'jefe@faena.pe'`;
    await updateRecord(api.store, 'user', jefe.id, { id_obra: otraObra, all_works: 0 }, { metadata: { userId: null, requestId: 'fixture' } });
    const elsewhere = await api.login('jefe@faena.pe');
    expect((await entries(a, elsewhere)).status).toBe(404);
    expect((await api.call('GET', '/solicitud_compra_productos/obtenerHistorialSalidas', { token: elsewhere, query: { id: a } })).status).toBe(404);
  });

  it('rebuilding the request projection gives the same parts and the same answers', async () => {
    const before = { a: (await entries(a)).body.items, b: (await entries(b)).body.items, rows: await api.sql`SELECT * FROM rm_productos_solicitados_entradas_central ORDER BY 1, 2, 3` };
    await rebuildProjection(api.sql, api.store, purchaseRequestsProjection, 'inline');
    expect(await api.sql`SELECT * FROM rm_productos_solicitados_entradas_central ORDER BY 1, 2, 3`).toEqual(before.rows);
    expect((await entries(a)).body.items).toEqual(before.a);
    expect((await entries(b)).body.items).toEqual(before.b);
  });
});

describe('a requested product’s exits (obtenerHistorialSalidas)', () => {
  it('the issues of the OT lines the product carries: voucher, quantity, date, user; none for a product without OT', async () => {
    // A demo OT still open whose part lines are all known materials; the site warehouse attends it
    // and the rest is requested (each line then carries its product).
    const [ot] = await api.sql<{ id: number; codigo: string }[]>`
      SELECT o.id::int, o.codigo FROM rm_ordenes_trabajo o
       WHERE o.estado = 1 AND o.atendido_por_almacen_obra = 0 AND coalesce(o.id_solicitud_compra, 0) = 0
         AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados')
         AND NOT EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados'
                          AND (l.line->>'id_material' IS NULL OR l.line->>'id_unidad' IS NULL OR coalesce((l.line->>'solicitud_material')::int, 0) = 1
                               OR (l.line->>'cantidad_solicitada_por_tecnico')::numeric < 1))
       ORDER BY o.id DESC LIMIT 1`;
    const form = await api.call('GET', '/almacen_obra_ots/form', { token: tokens.admin, query: { id: ot.id } });
    const lines = (form.body.item as { productos_solicitados: { id: number; cantidad_solicitada_por_tecnico: number }[] }).productos_solicitados;
    const saved = await api.call('POST', '/almacen_obra_ots/create', { token: tokens.admin, json: { id: ot.id, terminado: 1, productos_solicitados: lines.map((l) => ({ id: l.id })) } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const gen = await api.call('POST', '/almacen_obra_ots/crearPreSolicitud', { token: tokens.admin, json: { id_orden_trabajo: ot.id } });
    expect(gen.status, String(gen.body.msg)).toBe(200);
    const [line] = lines;
    const [{ id: product }] = await api.sql<{ id: number }[]>`SELECT (line->>'id_producto_solicitado')::int AS id FROM rm_ot_lineas WHERE id = ${line.id}`;
    expect(product).toEqual(expect.any(Number));
    // The parts arrive at the site (the receipts' command on the order's lines and the site's
    // stock ledger), then two issues.
    await execute(api.store, async (c) => {
      (await c.load(workOrders, ot.id)).decide({ type: 'RecordPartsReceived', idEntrada: 9101, entradas: [{ line_id: line.id, cantidad: Number(line.cantidad_solicitada_por_tecnico) }] });
      const [p] = await c.tx<{ id_obra: number; codigo: string; id_material: number | null }[]>`
        SELECT r.id_obra::int, ${c.tx.unsafe(PRODUCT_CODE_SQL)} AS codigo, p.id_material::int FROM rm_productos_solicitados p
          JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra LEFT JOIN rm_materiales m ON m.id = p.id_material WHERE p.id = ${product}`;
      await stockMoves(c).move({
        key: { almacen: 'obra', id_obra: p.id_obra, codigo: stockCode(p.codigo, p.id_material) }, id_material: p.id_material, descripcion: '', motivo: 'recepcion',
        cantidad: Number(line.cantidad_solicitada_por_tecnico), costo_unitario: 1, documento: { tipo: 'entrada_obra', id: 9101, referencia: '' }, by: null,
      });
    });
    const issue = (vale: string, cantidad: number) => api.call('POST', '/almacen_obra_salidas/create', { token: tokens.admin, json: { vale_salida: vale, salidas: [{ id_producto_solicitado: line.id, cantidad_a_salir: cantidad }] } });
    const whole = Number(line.cantidad_solicitada_por_tecnico);
    expect((await issue('VS-PM-1', 0.5)).status).toBe(200);
    expect((await issue('VS-PM-2', whole - 0.5)).status).toBe(200);
    const r = await api.call('GET', '/solicitud_compra_productos/obtenerHistorialSalidas', { token: tokens.central, query: { id_producto_solicitado: product } });
    expect(r.status, String(r.body.msg)).toBe(200);
    expect((r.body.items as { vale_salida: string; cantidad: number }[]).map((i) => [i.vale_salida, i.cantidad])).toEqual([['VS-PM-1', 0.5], ['VS-PM-2', whole - 0.5]]);
    expect(r.body.items).toEqual([
      expect.objectContaining({ codigo_orden_trabajo: ot.codigo, usuario: 'Ana Quispe Rojas', fecha_creado: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }),
      expect.anything(),
    ]);
    // Its row on /solicitud_compra_productos: the technician's quantity, what was issued and the vouchers, the line's element.
    const [el] = await api.sql<{ numero: string }[]>`
      SELECT e.numero FROM rm_ot_lineas l JOIN rm_grupo_funcional_elementos e ON e.id = (l.line->>'id_grupo_funcional_elemento')::bigint WHERE l.id = ${line.id}`;
    expect(await listRow(product)).toMatchObject({
      cantidad_solicitada_por_tecnico: whole, salio_almacen: whole, vale_salida: 'VS-PM-1, VS-PM-2', codigo_grupo_funcional_elemento: el?.numero ?? null,
      objeto_estado: { id: 11, nombre: 'Salida de almacén', color: 'emerald' },
    });
    // A product of a request without OT has no exits; bad input is 422.
    const [free] = await api.sql<{ id: number }[]>`SELECT p.id::int FROM rm_productos_solicitados p JOIN rm_solicitudes_compras r ON r.id = p.id_solicitud_compra WHERE coalesce(r.id_orden_trabajo, 0) = 0 LIMIT 1`;
    expect((await api.call('GET', '/solicitud_compra_productos/obtenerHistorialSalidas', { token: tokens.central, query: { id: free.id } })).body.items).toEqual([]);
    expect((await api.call('GET', '/solicitud_compra_productos/obtenerHistorialSalidas', { token: tokens.central, query: { id: 'x' } })).status).toBe(422);
  });
});
