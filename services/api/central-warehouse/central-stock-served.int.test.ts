import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { firstSite, firstUnit, signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { useSicamSim } from '../../../tests/harness/sicam';
import { waitFor } from '../../../tests/harness/wait';

// Issue 28, the second break: a product the central warehouse covers entirely from its stock
// (5 of 5, nothing to buy) in a compra that still buys other things. With the worker and the
// SICAM simulator running as under `npm start`: the product goes to 8 en almacén central when the
// central warehouse attends, stays out of the push and of the purchase order, and its 5 units go
// to the site under 'STOCK'. A product partly served is split: its central part goes under
// 'STOCK', the rest is bought.

const api = useTestApi();
const sim = useSicamSim(api);
const tokens: Record<string, string> = {};
let obra: number;
let unidad: number;
let materials: { id: number; codigo: string }[];

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  obra = (await firstSite(api)).id;
  unidad = await firstUnit(api);
  materials = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_materiales WHERE codigo <> '' ORDER BY id DESC LIMIT 3`;
}, 120_000);

type Product = { id: number; estado: number; numero_orden: string | null; enviado: number };
const product = async (id: number) =>
  (await api.sql<Product[]>`SELECT id::int, estado::int, numero_orden, cantidad_enviada_obra::float8 AS enviado FROM rm_productos_solicitados WHERE id = ${id}`)[0];
const transfer = (json: unknown) => api.call('POST', '/almacen_central_traslado_materiales/create', { token: tokens.central, json });

describe('a product served entirely from central stock (issue 28)', () => {
  let id: number;
  let codigo: string;
  /** full: 5 asked, 5 in central stock; part: 4 asked, 1 in central stock; bought: 3, all bought. */
  let full: number;
  let part: number;
  let bought: number;

  it('the central warehouse attends: the covered product is 8 at once, the rest waits for approval', async () => {
    const r = await api.call('POST', '/solicitudes_compras/create_not_ot', { token: tokens.supervisor, json: {
      id: 0, tipo: 'compra', id_obra: obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: 'Repuestos con stock central', terminado: 1,
      productos_solicitados: [[materials[0], 5], [materials[1], 4], [materials[2], 3]].map(([m, cantidad]) => ({
        id: 0, id_material: (m as { id: number }).id, id_unidad: unidad, cantidad_solicitada_por_almacen_obra: cantidad,
      })),
    } });
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
    id = r.body.id as number;
    codigo = r.body.codigo as string;
    [full, part, bought] = (await api.sql<{ id: number }[]>`SELECT id::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY orden, id`).map((p) => p.id);
    const attended = await api.call('POST', '/almacen_central_ots/create', { token: tokens.central, json: {
      id, terminado: 1, productos_solicitados: [{ id: full, cantidad_en_almacen_central: 5 }, { id: part, cantidad_en_almacen_central: 1 }],
    } });
    expect(attended.status, JSON.stringify(attended.body)).toBe(200);
    expect(attended.body.item).toMatchObject({ estado: 4 });
    expect(await product(full)).toMatchObject({ estado: 8, numero_orden: null });
    expect(await product(part)).toMatchObject({ estado: 4 });
    expect(await product(bought)).toMatchObject({ estado: 4 });
  });

  it('approved and pulled into a purchase order: the covered product is neither in the push nor in the OC', async () => {
    const ok = await api.call('POST', '/solicitudes_compras/aprobar', { token: tokens.jefe, json: { id_solicitud_compra: id } });
    expect(ok.status, ok.body.msg).toBe(200);
    expect(await product(full)).toMatchObject({ estado: 8 });
    expect(await product(part)).toMatchObject({ estado: 5 });
    await waitFor(async () => [...sim.sim.requests.values()].some((x) => x.codigo === codigo));
    const [pushed] = [...sim.sim.requests.values()].filter((x) => x.codigo === codigo);
    expect(pushed.productos.map((p) => [p.id_producto_solicitado, p.cantidad])).toEqual([[part, 3], [bought, 3]]);
    await waitFor(async () => (await api.sql`SELECT 1 FROM rm_solicitudes_compras WHERE id = ${id} AND enviado_sicam = 1`).length > 0);
    const refresh = () => api.call('POST', '/almacen_central_ots/actualizarEstados', { token: tokens.central, json: { id_solicitud_compra: id } });
    sim.sim.advance(pushed.id_sicam, 'enviada_aprobacion');
    expect((await refresh()).status).toBe(200);
    expect(await product(full)).toMatchObject({ estado: 8, numero_orden: null });
    sim.sim.advance(pushed.id_sicam, 'aprobada');
    expect((await refresh()).status).toBe(200);
    const order = (await product(bought)).numero_orden;
    expect(order).toMatch(/^OC-/);
    expect(await product(part)).toMatchObject({ estado: 7, numero_orden: order });
    expect(await product(full)).toMatchObject({ estado: 8, numero_orden: null });
    const events = await api.sql<{ type: string; data: { productos: unknown[] } }[]>`
      SELECT event_type AS type, data FROM es_events WHERE stream_id = ${`purchase_request-${id}`} AND event_type LIKE 'PurchaseOrder%' ORDER BY version`;
    expect(events.map((e) => e.type)).toEqual(['PurchaseOrderSentForApproval', 'PurchaseOrderApproved']);
    for (const e of events) expect(JSON.stringify(e.data.productos)).not.toContain(String(full));
  });

  it("its 5 units go to the site under 'STOCK' at once; the partly served product's central unit too, the rest is bought", async () => {
    const stock = await api.call('GET', '/almacen_central_traslado_materiales/obtenerProductosSolicitados', { token: tokens.central, query: { codigo_recurso: materials[0].codigo, numero_orden_compra: 'STOCK' } });
    expect(stock.body.items).toEqual(expect.arrayContaining([expect.objectContaining({ id: full, cantidad_solicitada: 5, cantidad_a_salir: 5 })]));
    // The product's own group when the call names none: central stock, as the screen offers it.
    const sent = await transfer({ numero_guia: 'G-28-01', salidas: [{ id_producto_solicitado: full, cantidad_a_salir: 5 }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await product(full)).toMatchObject({ estado: 9, enviado: 5 });
    const [row] = await api.sql`SELECT numero_orden, cantidad::float8 FROM rm_almacen_central_traslados WHERE id_producto = ${full}`;
    expect(row).toEqual({ numero_orden: '', cantidad: 5 });

    const partCentral = await transfer({ numero_guia: 'G-28-02', salidas: [{ id_producto_solicitado: part, cantidad_a_salir: 1, numero_orden_compra: 'STOCK' }] });
    expect(partCentral.status, JSON.stringify(partCentral.body)).toBe(200);
    expect(await product(part)).toMatchObject({ estado: 7, enviado: 1 });
    const fromOrder = await transfer({ numero_guia: 'G-28-03', salidas: [{ id_producto_solicitado: part, cantidad_a_salir: 1 }] });
    expect(fromOrder.status).toBe(422);
    expect(fromOrder.body.errors).toMatchObject({ 'salidas.0.cantidad_a_salir': expect.stringMatching(/^No puede ser mayor a lo disponible en OC-.* \(0\)$/) });
  });
});
