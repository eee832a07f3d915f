import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { useSicamSim } from '../../../tests/harness/sicam';
import { rollerCompra } from '../../../tests/harness/sicam-compra';
import { waitFor } from '../../../tests/harness/wait';
import { createSicamClient } from '../../shared/sicam-client';
import { createLogger } from '../../shared/logger';
import { runSicamAnnul, SICAM_ANNUL_QUEUE, type SicamAnnulJob } from '../../app/jobs/sicam-annul';

// Issue 28, chain 6: a product annulled in Faena after SICAM's purchase order exists
// (`anular_sicoe_material` → 13 'En OC anulado') is annulled in SICAM too, by a job written in the
// annulment's transaction, retried, and recorded once on the request.
const api = useTestApi();
const sim = useSicamSim(api);
const tokens: Record<string, string> = {};
let base: Record<string, unknown>;
const log = createLogger({}, true);

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  base = await rollerCompra(api, [['Rodillo inferior D6', 2], ['Rodillo superior D6', 1]]);
}, 120_000);

const ok = async (path: string, token: string, json: Record<string, unknown>) => {
  const r = await api.call('POST', path, { token, json });
  expect(r.status, r.body.msg).toBe(200);
  return r;
};

/** A compra of two products approved, pushed, and its order approved in SICAM and pulled: both
 * products 7 'En OC'. */
async function inOrder() {
  const r = await ok('/solicitudes_compras/create_not_ot', tokens.supervisor, base);
  const id = r.body.id as number;
  await ok('/almacen_central_ots/create', tokens.central, { id, terminado: 1, productos_solicitados: [] });
  await ok('/solicitudes_compras/aprobar', tokens.jefe, { id_solicitud_compra: id });
  await waitFor(async () => [...sim.sim.requests.values()].some((x) => x.codigo === r.body.codigo) && (await api.sql`SELECT 1 FROM rm_solicitudes_compras WHERE id = ${id} AND enviado_sicam = 1`).length > 0);
  const [pushed] = [...sim.sim.requests.values()].filter((x) => x.codigo === r.body.codigo);
  sim.sim.advance(pushed.id_sicam, 'enviada_aprobacion');
  sim.sim.advance(pushed.id_sicam, 'aprobada');
  await ok('/almacen_central_ots/actualizarEstados', tokens.central, { id_solicitud_compra: id });
  const products = await api.sql<{ id: number; estado: number }[]>`SELECT id::int, estado::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY id`;
  expect(products.map((p) => p.estado)).toEqual([7, 7]);
  return { id, idSicam: pushed.id_sicam, products: products.map((p) => p.id) };
}

const inSim = (idSicam: number) => sim.sim.requests.get(idSicam)!.productos.map((p) => ({ id: p.id_producto_solicitado, anulado: p.anulado }));
const eventsOf = (id: number) => api.sql<{ type: string; data: Record<string, unknown>; causation: string | null }[]>`
  SELECT event_type AS type, data, metadata->>'causationId' AS causation FROM es_events WHERE stream_id = ${`purchase_request-${id}`} ORDER BY version`;
const annulJobs = (idProducto: number) => api.sql<{ state: string; retry_count: number; data: SicamAnnulJob }[]>`
  SELECT state::text, retry_count, data FROM pgboss.job WHERE name = ${SICAM_ANNUL_QUEUE} AND singleton_key = ${`product-${idProducto}`}`;
/** The annulment's outcome recorded and its job closed. */
const settled = (id: number, idProducto: number) => async () => {
  const recorded = (await eventsOf(id)).some((e) => ['RequestedProductAnnulledInSicam', 'RequestedProductSicamAnnulFailed'].includes(e.type) && e.data.id_producto === idProducto);
  const jobs = await annulJobs(idProducto);
  return recorded && jobs.length > 0 && jobs.every((j) => ['completed', 'failed', 'cancelled'].includes(j.state));
};
const annul = (idProducto: number) => ok('/solicitudes_compras/anular_sicoe_material', tokens.supervisor, { id_gestion_ot: idProducto });

describe('a product annulled in the order is annulled in SICAM', () => {
  it('SICAM annuls that product, the other stays; the request records "SICAM informado de la anulación" once, caused by the annulment', async () => {
    const r = await inOrder();
    const [annulled, other] = r.products;
    await annul(annulled);
    await waitFor(settled(r.id, annulled), 20_000);
    expect(inSim(r.idSicam)).toEqual([{ id: annulled, anulado: true }, { id: other, anulado: false }]);
    expect(sim.sim.requests.get(r.idSicam)!.productos.find((p) => p.id_producto_solicitado === other)!.precio).toEqual(expect.any(Number));
    const events = await eventsOf(r.id);
    const annulEvent = await api.sql<{ id: string }[]>`SELECT event_id::text AS id FROM es_events WHERE stream_id = ${`purchase_request-${r.id}`} AND event_type = 'RequestedProductAnnulled'`;
    const told = events.filter((e) => e.type === 'RequestedProductAnnulledInSicam');
    expect(told.map((e) => e.data)).toEqual([{ id: r.id, id_producto: annulled, id_sicam: String(r.idSicam) }]);
    expect(told[0].causation).toBe(annulEvent[0].id);
    expect(events.some((e) => e.type === 'RequestedProductSicamAnnulFailed')).toBe(false);
    expect((await annulJobs(annulled)).map((j) => j.state)).toEqual(['completed']);
    expect(await annulJobs(other)).toEqual([]);
    const [row] = await api.sql`SELECT estado::int FROM rm_productos_solicitados WHERE id = ${annulled}`;
    expect(row.estado).toBe(13);
  });

  it('SICAM unavailable for the first calls (failNext): the job is retried and the product annulled once', async () => {
    const r = await inOrder();
    const [annulled, other] = r.products;
    sim.sim.knobs.failNext = 1;
    await annul(annulled);
    await waitFor(settled(r.id, annulled), 30_000);
    expect(inSim(r.idSicam)).toEqual([{ id: annulled, anulado: true }, { id: other, anulado: false }]);
    expect((await eventsOf(r.id)).filter((e) => e.type === 'RequestedProductAnnulledInSicam')).toHaveLength(1);
    expect(await annulJobs(annulled)).toMatchObject([{ state: 'completed', retry_count: 1 }]);
  });

  it('a lost reply (SICAM annulled it, the answer never came) is retried: SICAM answers the same, recorded once', async () => {
    const r = await inOrder();
    const [annulled, other] = r.products;
    sim.sim.knobs.loseReplyRate = 1;
    try {
      await annul(annulled);
      await waitFor(settled(r.id, annulled), 30_000);
    } finally {
      sim.sim.knobs.loseReplyRate = 0;
    }
    expect(inSim(r.idSicam)).toEqual([{ id: annulled, anulado: true }, { id: other, anulado: false }]);
    expect((await eventsOf(r.id)).filter((e) => e.type === 'RequestedProductAnnulledInSicam')).toHaveLength(1);
    expect(await annulJobs(annulled)).toMatchObject([{ state: 'completed', retry_count: 1 }]);
  });

  it('the job delivered again after its outcome (a worker killed before pg-boss closed it) calls SICAM no more and records nothing', async () => {
    const r = await inOrder();
    const [annulled] = r.products;
    await annul(annulled);
    await waitFor(settled(r.id, annulled), 20_000);
    const [job] = await annulJobs(annulled);
    const attempts = sim.sim.attempts;
    const before = (await eventsOf(r.id)).length;
    const deps = { store: api.store, sicam: createSicamClient({ url: sim.url }), log };
    expect(await runSicamAnnul(deps, { data: job.data, retryCount: 0, retryLimit: 8 })).toBe('skipped');
    expect(sim.sim.attempts).toBe(attempts);
    expect((await eventsOf(r.id)).length).toBe(before);
  });

  it("SICAM's refusal (4xx) is recorded with SICAM's reason after one attempt", async () => {
    const r = await inOrder();
    const [annulled] = r.products;
    sim.sim.requests.delete(r.idSicam); // SICAM no longer knows the request: 404 'Solicitud no encontrada en SICAM'
    await annul(annulled);
    await waitFor(settled(r.id, annulled), 20_000);
    const failed = (await eventsOf(r.id)).filter((e) => e.type === 'RequestedProductSicamAnnulFailed');
    expect(failed.map((e) => e.data)).toEqual([{ id: r.id, id_producto: annulled, reason: 'Solicitud no encontrada en SICAM', attempts: 1 }]);
    expect(await annulJobs(annulled)).toMatchObject([{ state: 'completed', retry_count: 0 }]);
  });

  it('a product cancelled before SICAM knows the request queues nothing', async () => {
    const r = await ok('/solicitudes_compras/create_not_ot', tokens.supervisor, base);
    const id = r.body.id as number;
    const [p] = await api.sql<{ id: number }[]>`SELECT id::int FROM rm_productos_solicitados WHERE id_solicitud_compra = ${id} ORDER BY id LIMIT 1`;
    await annul(p.id);
    expect(await annulJobs(p.id)).toEqual([]);
    expect((await eventsOf(id)).map((e) => e.type)).toContain('RequestedProductAnnulled');
  });
});
