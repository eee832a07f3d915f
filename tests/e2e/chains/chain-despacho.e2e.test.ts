import { describe, expect, it } from 'vitest';
import { useE2e } from '../../harness/e2e';
import { attendCentral, centralOn, chainDone, closeToasts, DESPACHO, inSicam, supervisorSends, transferFromStock, WAIT } from './chain-steps';

// Issue 28, chain 3 (seed 002 §2, §4): despacho, served from central stock only, never sent to
// SICAM. On the demo as `npm start` starts it (workers and the SICAM simulator running), each role
// in its own browser, only through the screens: the supervisor fills and sends a despacho request;
// the central storekeeper attends its Pedido entirely from central stock (the request is
// 'Solicitado' and its product 'En almacén central', no approval), sends it to the site with a
// waybill; the site storekeeper receives it. The supervisor's list, open the whole time, follows
// each step live, and nothing reaches the SICAM simulator.

const e2e = useE2e({ workers: true });
const TIMEOUT = 240_000;
const TRABAJO = 'Cadena despacho: filtros desde el almacén central';
const MATERIAL = 'CAT 1R-0750';
const GUIA = 'T001-000321';

describe('chain 3: despacho (real Chromium, the demo with its workers)', () => {
  it('supervisor sends a despacho → central warehouse serves it from stock and transfers it → the site receives it, never in SICAM', async () => {
    const started = Date.now();
    const { supervisor, codigo, mine } = await supervisorSends(e2e, DESPACHO, TRABAJO, [{ material: MATERIAL, cantidad: 3 }]);

    // The central storekeeper serves all of it from central stock: no approval, no purchase.
    const central = await centralOn(e2e);
    await attendCentral(central, codigo, [3]);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Solicitado');

    // He sends it to the site from the central stock, with a waybill.
    await transferFromStock(e2e, central, MATERIAL, codigo, 3, GUIA);

    // The site storekeeper receives it.
    const { page: obra } = await e2e.signIn('almacen.obra@faena.pe', { path: `/almacen_obra_entradas` });
    const receipts = obra.getByRole('table', { name: 'Entradas del almacén de obra' });
    const incoming = receipts.getByRole('row').filter({ hasText: codigo });
    await incoming.waitFor({ timeout: WAIT });
    await incoming.getByRole('checkbox').check();
    // The notification that it was sent arrives over the confirm button.
    await closeToasts(obra);
    await obra.getByRole('button', { name: 'Confirmar entrada', exact: true }).click();
    await obra.getByText('Entrada registrada').first().waitFor({ timeout: WAIT });
    await incoming.waitFor({ state: 'detached', timeout: WAIT });

    // The supervisor's list, never reloaded: the product reached the site; nothing went to SICAM.
    await mine.getByRole('button', { name: 'Ver detalle' }).click();
    const detail = supervisor.getByRole('table', { name: `Productos de la solicitud ${codigo}` });
    const line = detail.getByRole('row').filter({ hasText: MATERIAL });
    await expect.poll(() => line.innerText(), { timeout: WAIT }).toContain('Recibido en almacén obra');
    expect(await mine.innerText()).not.toContain('Enviado');
    expect(inSicam(e2e, codigo)).toBe(false);
    await chainDone(supervisor, 'cadena-despacho.png', 'chain 3 (despacho)', started);
  }, TIMEOUT);
});
