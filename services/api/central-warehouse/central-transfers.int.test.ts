import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_WAYBILL_REQUIRED } from '../../../events/purchase-request/decider';
import { purchaseRequestsProjection } from '../../../projections/purchase-requests';
import { rebuildProjection } from '../../../projections/rebuild';
import { transferRequestsProjection } from '../../../projections/transfer-requests';
import { useTestApi } from '../../../tests/harness/api';
import { driveToOrder, firstSite, firstUnit, signInPurchaseChain, type ChainLine } from '../../../tests/harness/purchase-chain';
import { MSG_NOTHING_TO_SEND } from './central-transfers';
import { MSG_NO_ENTRIES } from './transfer-requests';

// Issue 17, central transfers with a waybill (SEED-002-ANALYSIS WP3 "Transfer"): products driven
// to 7 'En OC' through the real commands, entered through the real Excel import, transferred to
// their site, then received there.

const api = useTestApi();
const tokens: Record<string, string> = {};
let obra: { id: number; codigo: string };
let materials: { id: number; codigo: string }[];
let unidad: number;

const HEADER = ['Código Obra', 'Código Recurso', 'Descripción Recurso', 'Unidad', 'Albarán', 'Cantidad', 'Número Orden Compra'];

async function importEntry(recurso: string, orden: string, cantidad: number, albaran = 'ALB-T1') {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Ingresos');
  ws.addRow(HEADER);
  ws.addRow([obra.codigo, recurso, `Recurso ${recurso}`, 'UND', albaran, cantidad, orden]);
  const form = new FormData();
  form.append('archivo', new File([new Uint8Array(await wb.xlsx.writeBuffer())], 'ingresos.xlsx'));
  const r = await api.call('POST', '/almacen_central_entradas_archivos', { token: tokens.central, form });
  expect(r.body).toMatchObject({ validos: 1, nuevos: 1 });
}

const product = async (id: number) =>
  (await api.sql<{ estado: number; enviado: number; recibido: number }[]>`
    SELECT estado::int, cantidad_enviada_obra::float8 AS enviado, cantidad_recibida_obra::float8 AS recibido FROM rm_productos_solicitados WHERE id = ${id}`)[0];

/** A compra with these lines driven to 7 'En OC' under `orden`; `stock` is what the central Pedido
 * records in central stock for each line (the rest is bought). */
async function inOrder(orden: string, lines: ChainLine[]): Promise<number[]> {
  const ids = await driveToOrder(api, tokens, { obra: obra.id, unidad, orden, descripcion: 'Repuestos para traslado', lines });
  for (const p of ids) expect((await product(p)).estado).toBe(7);
  return ids;
}

const transfer = (json: unknown) => api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.central, json });
const group = async (codigo: string, orden: string) => {
  const r = await api.call('GET', '/almacen_central_traslado_materiales', { token: tokens.central, query: { codigo_recurso: codigo, numero_orden_compra: orden } });
  expect(r.status).toBe(200);
  return (r.body.items as Record<string, unknown>[])[0];
};

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  tokens.obra = await api.login('root@faena.pe');
  obra = await firstSite(api);
  materials = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id LIMIT 2`;
  unidad = await firstUnit(api);
}, 120_000);

describe('central transfers with a waybill', () => {
  let a: number;
  let b: number;
  const code = () => materials[0].codigo.toUpperCase();

  it('an entry of 5 shared by products asking 3 and 4: the group lists 5, the products their suggested quantities', async () => {
    [a, b] = await inOrder('OC-T001', [{ material: materials[0], cantidad: 3 }, { material: materials[0], cantidad: 4 }]);
    await importEntry(materials[0].codigo, 'OC-T001', 5);
    expect(await group(code(), 'OC-T001')).toMatchObject({ codigo_recurso: code(), numero_orden_compra: 'OC-T001', cantidad_entrada: 5, cantidad_salida: 0, cantidad_disponible: 5 });
    const r = await api.call('GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { token: tokens.central, query: { codigo_recurso: code(), numero_orden_compra: 'OC-T001' } });
    expect(r.status).toBe(200);
    expect(r.body.items).toEqual([
      expect.objectContaining({ id: b, cantidad_solicitada: 4, cantidad_trasladada: 0, cantidad_disponible: 5, cantidad_a_salir: 4, codigo_obra: obra.codigo }),
      expect.objectContaining({ id: a, cantidad_solicitada: 3, cantidad_trasladada: 0, cantidad_disponible: 5, cantidad_a_salir: 3 }),
    ]);
  });

  it('a blank waybill is 422 with the seed message; all rows at 0 is 422; nothing moves', async () => {
    const blank = await transfer({ numero_guia: '  ', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 4 }] });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toMatchObject({ numero_guia: MSG_WAYBILL_REQUIRED });
    const zero = await transfer({ numero_guia: 'G-001', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 0 }] });
    expect(zero.status).toBe(422);
    expect(zero.body.errors).toMatchObject({ salidas: MSG_NOTHING_TO_SEND });
    expect(await product(b)).toMatchObject({ enviado: 0 });
  });

  it('typing 4 then 3 in one call: the second row is 422 (5 − 4 = 1 left); 4 alone goes, then the other caps at 1', async () => {
    const both = await transfer({ numero_guia: 'G-001', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 4 }, { id_producto_solicitado: a, cantidad_a_salir: 3 }] });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.errors as object)).toEqual(['salidas.1.cantidad_a_salir']);
    expect(both.body.errors).toMatchObject({ 'salidas.1.cantidad_a_salir': expect.stringContaining('(1)') });

    const first = await transfer({ numero_guia: 'G-001', salidas: [{ id_producto_solicitado: a, cantidad_a_salir: 0 }, { id_producto_solicitado: b, cantidad_a_salir: 4 }] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.id_traslado).toEqual(expect.any(Number));
    expect(await product(b)).toEqual({ estado: 9, enviado: 4, recibido: 0 });
    expect(await product(a)).toMatchObject({ enviado: 0 });
    const [row] = await api.sql`SELECT numero_guia, codigo, numero_orden, cantidad::float8 FROM rm_almacen_central_traslados WHERE id_producto = ${b}`;
    expect(row).toEqual({ numero_guia: 'G-001', codigo: code(), numero_orden: 'OC-T001', cantidad: 4 });

    const items = (await api.call('GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { token: tokens.central, query: { codigo_recurso: code(), numero_orden_compra: 'OC-T001' } })).body.items as Record<string, number>[];
    expect(items.find((p) => p.id === a)).toMatchObject({ cantidad_disponible: 1, cantidad_a_salir: 1 });
    expect(items.find((p) => p.id === b)).toMatchObject({ cantidad_trasladada: 4, cantidad_a_salir: 0 });

    const over = await transfer({ numero_guia: 'G-002', salidas: [{ id_producto_solicitado: a, cantidad_a_salir: 3 }] });
    expect(over.status).toBe(422);
    expect(over.body.errors).toMatchObject({ 'salidas.0.cantidad_a_salir': expect.stringContaining('(1)') });
    const more = await transfer({ numero_guia: 'G-002', salidas: [{ id_producto_solicitado: b, cantidad_a_salir: 1 }] });
    expect(more.status).toBe(422);
    expect(more.body.errors).toMatchObject({ 'salidas.0.cantidad_a_salir': expect.stringContaining('aún necesita') });
    const last = await transfer({ numero_guia: 'G-002', salidas: [{ id_producto_solicitado: a, cantidad_a_salir: 1 }] });
    expect(last.status).toBe(200);
    expect(await group(code(), 'OC-T001')).toMatchObject({ cantidad_entrada: 5, cantidad_salida: 5, cantidad_disponible: 0 });
  });

  it('central stock that did not come from a purchase order is its own group, STOCK', async () => {
    const before = Number((await group(materials[1].codigo.toUpperCase(), 'STOCK'))?.cantidad_disponible ?? 0);
    const [c] = await inOrder('OC-T002', [{ material: materials[1], cantidad: 5, stock: 2 }]);
    const stock = await group(materials[1].codigo.toUpperCase(), 'STOCK');
    expect(stock).toMatchObject({ numero_orden_compra: 'STOCK', cantidad_disponible: before + 2 });
    const r = await api.call('GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { token: tokens.central, query: { codigo_recurso: materials[1].codigo, numero_orden_compra: 'STOCK' } });
    expect(r.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: c, cantidad_solicitada: 5, cantidad_a_salir: Math.min(5, before + 2) })]));
    // Nothing of its order entered yet: from the order it cannot leave; from STOCK it can.
    const fromOrder = await transfer({ numero_guia: 'G-003', salidas: [{ id_producto_solicitado: c, cantidad_a_salir: 2 }] });
    expect(fromOrder.status).toBe(422);
    expect(fromOrder.body.errors).toMatchObject({ 'salidas.0.cantidad_a_salir': expect.stringContaining('OC-T002') });
    const fromStock = await transfer({ numero_guia: 'G-003', salidas: [{ id_producto_solicitado: c, cantidad_a_salir: 2, numero_orden_compra: 'STOCK' }] });
    expect(fromStock.status, JSON.stringify(fromStock.body)).toBe(200);
    expect(await group(materials[1].codigo.toUpperCase(), 'STOCK')).toMatchObject({ cantidad_disponible: before });
    await importEntry(materials[1].codigo, 'OC-T002', 3);
    const rest = await transfer({ numero_guia: 'G-004', salidas: [{ id_producto_solicitado: c, cantidad_a_salir: 3, numero_orden_compra: 'OC-T002' }] });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(await product(c)).toEqual({ estado: 9, enviado: 5, recibido: 0 });
  });

  it('the site sees what was sent and receives it: entirely received → 10', async () => {
    const list = await api.call('GET', '/almacen_obra_entradas', { token: tokens.obra, query: { numero_orden: 'OC-T001' } });
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: b, cantidad_enviada: '4.0000', cantidad_entrante: '4.0000' })]));
    const part = await api.call('POST', '/almacen_obra_entradas/create', { token: tokens.obra, json: { entradas: [{ id_producto_solicitado: b, cantidad_entrante: 3 }] } });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(await product(b)).toEqual({ estado: 9, enviado: 4, recibido: 3 });
    const over = await api.call('POST', '/almacen_obra_entradas/create', { token: tokens.obra, json: { entradas: [{ id_producto_solicitado: b, cantidad_entrante: 2 }] } });
    expect(over.status).toBe(422);
    const rest = await api.call('POST', '/almacen_obra_entradas/create', { token: tokens.obra, json: { entradas: [{ id_producto_solicitado: b, cantidad_entrante: 1 }] } });
    expect(rest.status).toBe(200);
    expect(await product(b)).toEqual({ estado: 10, enviado: 4, recibido: 4 });
  });

  it('a user without the module cannot transfer', async () => {
    const denied = await api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.supervisor, json: { numero_guia: 'G', salidas: [{ id_producto_solicitado: a, cantidad_a_salir: 1 }] } });
    expect(denied.status).toBe(403);
  });

  it('a transfer request names groups of processed entries; the list says which were requested', async () => {
    const list = async () => ((await api.call('GET', '/traslado_materiales', { token: tokens.central, query: { numero_orden_compra: 'OC-T001' } })).body.items as Record<string, unknown>[]);
    expect(await list()).toEqual([expect.objectContaining({ codigo_recurso: code(), numero_orden_compra: 'OC-T001', cantidad_entrada: 5, cantidad_trasladada: 5, traslado_solicitado: 0 })]);
    const unknown = await api.call('POST', '/traslado_materiales/create', { token: tokens.central, json: { traslados: [{ codigo_recurso: code(), numero_orden_compra: 'OC-NADA' }] } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toMatchObject({ 'traslados.0.numero_orden_compra': MSG_NO_ENTRIES });
    const none = await api.call('POST', '/traslado_materiales/create', { token: tokens.central, json: { traslados: [] } });
    expect(none.status).toBe(422);
    const r = await api.call('POST', '/traslado_materiales/create', { token: tokens.central, json: { traslados: [{ codigo_recurso: materials[0].codigo.toLowerCase(), numero_orden_compra: 'oc-t001' }] } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.id_solicitud_traslado).toEqual(expect.any(Number));
    expect(await list()).toEqual([expect.objectContaining({ traslado_solicitado: 1 })]);
    const products = await api.call('GET', '/traslado_materiales/obtenerProductos', { token: tokens.central, query: { numero_orden: 'OC-T001', codigo_recurso: code() } });
    expect(products.body.items).toEqual([
      expect.objectContaining({ id: a, cantidad_solicitada: 3, cantidad_trasladada: 1 }),
      expect.objectContaining({ id: b, cantidad_solicitada: 4, cantidad_trasladada: 4, estado_nombre: 'Recibido en almacén obra' }),
    ]);
  });

  it('rebuilt from the events, the products and the transfers equal the live tables', async () => {
    const snap = async () => ({
      transfers: await api.sql`SELECT * FROM rm_almacen_central_traslados ORDER BY id_traslado, id_producto`,
      products: await api.sql`SELECT id, estado, cantidad_enviada_obra, cantidad_recibida_obra FROM rm_productos_solicitados ORDER BY id`,
      requests: await api.sql`SELECT * FROM rm_traslados_solicitados ORDER BY id_solicitud_traslado, codigo_recurso`,
    });
    const live = await snap();
    expect(live.transfers.length).toBeGreaterThanOrEqual(4);
    // This file's one request (the demo's stock chain has its own).
    expect(live.requests.filter((r) => String(r.numero_orden_compra).startsWith('OC-T'))).toHaveLength(1);
    await rebuildProjection(api.sql, api.store, purchaseRequestsProjection, 'inline');
    await rebuildProjection(api.sql, api.store, transferRequestsProjection, 'inline');
    expect(await snap()).toEqual(live);
  });
});
