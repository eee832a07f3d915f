import { expect } from 'vitest';
import { execute } from '../../events/execute';
import { purchaseRequests } from '../../events/purchase-request/decider';
import type { TestApi } from './api';

// The people and the calls that drive a compra to 7 'En OC' in the demo data: the supervisor asks,
// the central warehouse attends, the jefe approves, SICAM's approved order brings its number.

/** Who drives a compra: the supervisor, the jefe and the central warehouse, signed in. */
export type ChainTokens = { supervisor: string; jefe: string; central: string };

/** Signs in the three who drive a compra to its order (the demo users). */
export async function signInPurchaseChain(api: TestApi): Promise<ChainTokens> {
  return {
    supervisor: await api.login('supervisor@faena.pe'),
    jefe: await api.login('jefe@faena.pe'),
    central: await api.login('almacen.central@faena.pe'),
  };
}

/** The first active site with a code. */
export async function firstSite(api: TestApi): Promise<{ id: number; codigo: string }> {
  const [obra] = await api.sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_obras WHERE estado = 1 AND codigo <> '' ORDER BY id LIMIT 1`;
  return obra;
}

/** The first unit of measure. */
export async function firstUnit(api: TestApi): Promise<number> {
  const [{ id }] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades ORDER BY id LIMIT 1`;
  return id;
}

/** One line of a compra: `stock` is what the central warehouse records in central stock for it
 * when it attends (the rest is bought). */
export type ChainLine = { material: { id: number }; cantidad: number; stock?: number };

/** A compra of these lines on site `obra` (`tokens` holds signInPurchaseChain's three), driven to 7 'En OC' under `orden` through the real
 * calls (created and sent, attended by the central warehouse, approved), then pushed to SICAM and
 * approved there with its number, every product at a price of 10 in `moneda` (PEN unless said).
 * Returns the requested products' ids in the order of the lines. */
export async function driveToOrder(
  api: TestApi,
  tokens: Readonly<Record<string, string>>,
  compra: { obra: number; unidad: number; orden: string; descripcion: string; lines: ChainLine[]; moneda?: string },
): Promise<number[]> {
  const { orden, lines } = compra;
  const r = await api.call('POST', '/solicitudes_compras/create_not_ot', { token: tokens.supervisor, json: {
    id: 0, tipo: 'compra', id_obra: compra.obra, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: compra.descripcion,
    productos_solicitados: lines.map((l) => ({ id: 0, id_material: l.material.id, id_unidad: compra.unidad, cantidad_solicitada_por_almacen_obra: l.cantidad })), terminado: 1,
  } });
  expect(r.status, JSON.stringify(r.body.errors)).toBe(200);
  const id = r.body.id as number;
  const ids = (await api.sql<{ id: number }[]>`SELECT id::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY orden, id`).map((p) => p.id);
  const attended = await api.call('POST', '/almacen_central_ots/create', { token: tokens.central, json: {
    id, terminado: 1, productos_solicitados: lines.flatMap((l, i) => (l.stock ? [{ id: ids[i], cantidad_en_almacen_central: l.stock }] : [])),
  } });
  expect(attended.status, JSON.stringify(attended.body)).toBe(200);
  const approved = await api.call('POST', '/solicitudes_compras/aprobar', { token: tokens.jefe, json: { id_solicitud_compra: id } });
  expect(approved.status, approved.body.msg).toBe(200);
  const moneda = compra.moneda ?? 'PEN';
  await execute(api.store, async (c) => {
    const s = await c.load(purchaseRequests, id);
    s.decide({ type: 'RecordSicamSent', id, idSicam: `SIM-${id}` });
    s.decide({ type: 'RecordSicamStatus', id, status: { estado: 'aprobada', numero_orden: orden, productos: ids.map((p) => ({ id_producto_solicitado: p, precio: 10, moneda, anulado: false })) } });
  });
  return ids;
}
