import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { signInPurchaseChain } from '../../../tests/harness/purchase-chain';
import { useSicamSim } from '../../../tests/harness/sicam';
import { rollerCompra } from '../../../tests/harness/sicam-compra';
import { waitFor } from '../../../tests/harness/wait';
import { MSG_SICAM_FAILED, MSG_SICAM_QUEUED } from './request-actions';

// The purchase-request calls with the worker and the SICAM simulator running, as under `npm
// start`: an approval reaches SICAM once and the list says so; a refusal shows SICAM's reason and
// 'enviarASicam' sends it again; "Actualizar Estados" brings the purchase order's progress.
const api = useTestApi();
const sim = useSicamSim(api);
const tokens: Record<string, string> = {};
let base: Record<string, unknown>;

beforeAll(async () => {
  Object.assign(tokens, await signInPurchaseChain(api));
  base = await rollerCompra(api, [['Rodillo inferior D6', 2]]);
}, 120_000);

/** A compra sent, attended by the central warehouse with everything to buy, approved. */
async function approved(): Promise<{ id: number; codigo: string }> {
  const r = await api.call('POST', '/solicitudes_compras/create_not_ot', { token: tokens.supervisor, json: base });
  expect(r.status, r.body.msg).toBe(200);
  const id = r.body.id as number;
  const attended = await api.call('POST', '/almacen_central_ots/create', { token: tokens.central, json: { id, terminado: 1, productos_solicitados: [] } });
  expect(attended.status, attended.body.msg).toBe(200);
  const ok = await api.call('POST', '/solicitudes_compras/aprobar', { token: tokens.jefe, json: { id_solicitud_compra: id } });
  expect(ok.status, ok.body.msg).toBe(200);
  return { id, codigo: r.body.codigo as string };
}

const row = async (codigo: string) =>
  ((await api.call('GET', '/solicitudes_compras', { token: tokens.jefe, query: { query: codigo } })).body.items as Record<string, unknown>[])[0];

describe('purchase requests and SICAM, end to end', () => {
  it('an approval reaches SICAM once; the list shows it sent', async () => {
    const r = await approved();
    await waitFor(async () => (await row(r.codigo)).sicam_estado === 'enviado');
    expect(await row(r.codigo)).toMatchObject({ enviado_sicam: 1, sicam_motivo: null, puede_reenviar: false, puede_anular_solicitud: false });
    expect([...sim.sim.requests.values()].filter((x) => x.codigo === r.codigo)).toHaveLength(1);
    const again = await api.call('POST', '/solicitudes_compras/enviarASicam', { token: tokens.jefe, json: { id_solicitud_compra: r.id } });
    expect(again.status).toBe(409);
  });

  it('SICAM refuses: the list shows the reason; enviarASicam sends it again with the same key and it is sent', async () => {
    sim.sim.knobs.refuseNext = 1;
    const r = await approved();
    await waitFor(async () => (await row(r.codigo)).sicam_estado === 'fallido');
    expect(await row(r.codigo)).toMatchObject({ enviado_sicam: 0, sicam_motivo: 'El centro de costo no está habilitado en SICAM', puede_reenviar: true });
    const resent = await api.call('POST', '/solicitudes_compras/enviarASicam', { token: tokens.jefe, json: { id_solicitud_compra: r.id } });
    expect(resent.status, resent.body.msg).toBe(200);
    expect(resent.body.msg).toBe(MSG_SICAM_QUEUED);
    expect(await row(r.codigo)).toMatchObject({ sicam_estado: 'enviado', enviado_sicam: 1 });
    expect([...sim.sim.requests.values()].filter((x) => x.codigo === r.codigo)).toHaveLength(1);
  });

  it('a resend SICAM refuses again answers "Hubo problemas al enviar a SICAM"', async () => {
    sim.sim.knobs.refuseNext = 2;
    const r = await approved();
    await waitFor(async () => (await row(r.codigo)).sicam_estado === 'fallido');
    const resent = await api.call('POST', '/solicitudes_compras/enviarASicam', { token: tokens.jefe, json: { id_solicitud_compra: r.id } });
    expect(resent.status).toBe(409);
    expect(resent.body.msg).toBe(MSG_SICAM_FAILED);
    sim.sim.knobs.refuseNext = 0;
  });

  it('Actualizar Estados brings the order\'s progress: sent for approval, then approved with its number and prices', async () => {
    const r = await approved();
    await waitFor(async () => (await row(r.codigo)).sicam_estado === 'enviado');
    const [pushed] = [...sim.sim.requests.values()].filter((x) => x.codigo === r.codigo);
    const refresh = () => api.call('POST', '/almacen_central_ots/actualizarEstados', { token: tokens.central, json: { id_solicitud_compra: r.id } });
    const nothing = await refresh();
    expect(nothing.status, nothing.body.msg).toBe(200);
    expect(nothing.body.eventos).toBe(0);
    sim.sim.advance(pushed.id_sicam, 'enviada_aprobacion');
    expect((await refresh()).body.eventos).toBe(1);
    sim.sim.advance(pushed.id_sicam, 'aprobada');
    expect((await refresh()).body.eventos).toBe(1);
    expect((await refresh()).body.eventos).toBe(0);
    const products = await api.call('GET', '/almacen_central_ots/obtenerDetalle', { token: tokens.central, query: { id: r.id } });
    expect(products.body.items).toEqual([expect.objectContaining({ estado: 7, estado_nombre: 'En OC', numero_orden: expect.stringMatching(/^OC-/), precio: expect.any(Number), moneda: expect.any(String) })]);
  });
});
