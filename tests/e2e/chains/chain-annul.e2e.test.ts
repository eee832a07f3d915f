import { describe, expect, it } from 'vitest';
import { useE2e } from '../../harness/e2e';
import { approveAsJefe, attendCentral, centralOn, chainDone, closeToasts, COMPRA, supervisorSends, WAIT } from './chain-steps';

// Issue 28, chain 6 (seed 002 §2, §4): annul a product after the purchase order exists. On the demo
// as `npm start` starts it (workers and the SICAM simulator running), each role in its own browser,
// only through the screens: the supervisor sends a compra request of two products, the central
// storekeeper attends it (all to buy), the jefe approves it, the worker pushes it to SICAM, and the
// status pull brings SICAM's purchase order (its number, the products 'En OC'); the supervisor, his
// list open the whole time, sees the order number arrive in the request's products and annuls one
// of them ('Anular material', anular_sicoe_material): it shows 'En OC anulado' live, the other
// stays in the order, and SICAM (the simulator) has that product annulled.
//
// The simulator's pace: `npm start` sends an order for approval after 120 s and approves it after
// 300 s; here both happen at once (its knobs, the outside world's pace, not the product's).

const e2e = useE2e({ workers: true });
const TIMEOUT = 240_000;
const TRABAJO = 'Cadena anulación: filtros y correa';
const KEEP = 'CAT 1R-0750';
const ANNUL = 'CAT 1R-0739';

describe('chain 6: annul a product after the order exists (real Chromium, the demo with its workers)', () => {
  it('sent, attended, approved, in SICAM with its purchase order → the supervisor annuls one product, seen live', async () => {
    e2e.sicam!.sim.knobs.approvalAfterS = 0;
    e2e.sicam!.sim.knobs.approvedAfterS = 0;
    const started = Date.now();
    const { supervisor, codigo, mine } = await supervisorSends(e2e, COMPRA, TRABAJO, [{ material: KEEP, cantidad: 2 }, { material: ANNUL, cantidad: 3 }]);

    await attendCentral(await centralOn(e2e), codigo, [0, 0]);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Pendiente aprobación');

    await approveAsJefe(e2e, codigo);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Enviado');

    // The status pull brings the order: the supervisor's open detail shows its number, products 'En OC'.
    await mine.getByRole('button', { name: 'Ver detalle' }).click();
    const detail = supervisor.getByRole('table', { name: `Productos de la solicitud ${codigo}` });
    const keep = detail.getByRole('row').filter({ hasText: KEEP });
    const annul = detail.getByRole('row').filter({ hasText: ANNUL });
    await expect.poll(async () => (await annul.innerText()).replace(/\s+/g, ' '), { timeout: WAIT }).toMatch(/En OC OC-/);
    const order = (await annul.innerText()).match(/OC-[\w-]+/)![0];

    // He annuls one product of the order.
    await closeToasts(supervisor);
    await annul.getByRole('button', { name: `Anular material ${ANNUL}` }).click();
    const ask = supervisor.getByRole('alertdialog');
    await ask.getByText(`Se anulará ${ANNUL} de la solicitud ${codigo}.`, { exact: false }).waitFor({ timeout: WAIT });
    await ask.getByRole('button', { name: 'Anular material' }).click();
    await expect.poll(() => annul.innerText(), { timeout: WAIT }).toContain('En OC anulado');
    expect(await annul.getByRole('button', { name: /Anular material/ }).count()).toBe(0);
    expect((await keep.innerText()).replace(/\s+/g, ' ')).toContain(`En OC ${order}`);
    expect(await mine.innerText()).toContain('Enviado');
    // SICAM is told: the simulator's memory has that product annulled, the other still priced.
    const which = (p: { codigo_material: string; descripcion: string }) => (`${p.codigo_material} ${p.descripcion}`.includes(ANNUL) ? ANNUL : KEEP);
    const inSicam = () => [...e2e.sicam!.sim.requests.values()].find((r) => r.codigo === codigo)!.productos.map((p) => [which(p), p.anulado]);
    await expect.poll(inSicam, { timeout: WAIT }).toEqual(expect.arrayContaining([[KEEP, false], [ANNUL, true]]));
    expect(inSicam()).toHaveLength(2);
    await closeToasts(supervisor);
    await chainDone(supervisor, 'cadena-anulacion.png', 'chain 6 (annul after the order)', started);
  }, TIMEOUT);
});
