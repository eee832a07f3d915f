import { describe, expect, it } from 'vitest';
import { useE2e } from '../../harness/e2e';
import { approveAsJefe, attendCentral, centralOn, chainDone, closeToasts, COMPRA, openPedido, rowMenu, sendAndFollow, supervisorSends, WAIT } from './chain-steps';

// Issue 28, chain 4 (seed 002 §2, §4): observe → correct → resend. On the demo as `npm start`
// starts it (workers and the SICAM simulator running), each role in its own browser, only through
// the screens: the supervisor sends a compra request asking too much; the central storekeeper
// observes it from its Pedido with the reason; the supervisor's list, open the whole time, shows
// 'Observado' live; he opens it, reads the reason, corrects the quantity and sends it again; the
// central storekeeper attends it, the jefe approves it and the worker sends it to SICAM, each step
// seen live in the supervisor's list.

const e2e = useE2e({ workers: true });
const TIMEOUT = 240_000;
const TRABAJO = 'Cadena observación: filtros de aire';
const MOTIVO = 'Son 2 filtros por máquina, no 20: corrija la cantidad';

describe('chain 4: observe → correct → resend (real Chromium, the demo with its workers)', () => {
  it('central warehouse observes, the supervisor corrects and resends, it is attended, approved and sent to SICAM', async () => {
    const started = Date.now();
    const { supervisor, codigo, mine } = await supervisorSends(e2e, COMPRA, TRABAJO, [{ material: 'CAT 6I-2503', cantidad: 20 }]);

    // The central storekeeper observes it from its Pedido, with the reason.
    const central = await centralOn(e2e);
    await openPedido(central, codigo);
    await central.getByRole('button', { name: 'Observar', exact: true }).click();
    const observe = central.getByRole('alertdialog', { name: '¿Estás seguro de observar esta solicitud?' });
    await observe.getByPlaceholder('Escribe el motivo...').fill(MOTIVO);
    await observe.getByRole('button', { name: 'Observar' }).click();
    await central.getByText('Solicitud observada').first().waitFor({ timeout: WAIT });

    // The supervisor sees it observed without a reload, opens it and reads why.
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Observado');
    await rowMenu(mine, 'Editar');
    await supervisor.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
    await supervisor.getByText('Solicitud observada por el almacén central').waitFor({ timeout: WAIT });
    await supervisor.getByText(MOTIVO, { exact: true }).waitFor();

    // He corrects the quantity, saves and sends it again.
    const products = supervisor.getByRole('region', { name: 'Productos' });
    await expect.poll(() => products.getByLabel('Cantidad solicitada (fila 1)').inputValue(), { timeout: WAIT }).toMatch(/^20/);
    await products.getByLabel('Cantidad solicitada (fila 1)').fill('2');
    await closeToasts(supervisor);
    await supervisor.getByRole('button', { name: 'Guardar', exact: true }).click();
    await supervisor.getByText(/^(Guardado|Registrado) correctamente$/).first().waitFor({ timeout: WAIT });
    await sendAndFollow(e2e, supervisor, codigo);

    // The central storekeeper goes back to his Pedidos list and attends the corrected request.
    await central.goto(`${e2e.baseUrl}/almacen_central_ots`);
    await attendCentral(central, codigo, [0]);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Pendiente aprobación');

    // The jefe approves it; the worker sends it to SICAM; the supervisor sees 'Enviado' live.
    await approveAsJefe(e2e, codigo);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Enviado');

    // What was sent is the corrected quantity.
    await mine.getByRole('button', { name: 'Ver detalle' }).click();
    const detail = supervisor.getByRole('table', { name: `Productos de la solicitud ${codigo}` });
    const line = detail.getByRole('row').filter({ hasText: 'CAT 6I-2503' });
    await line.waitFor({ timeout: WAIT });
    expect((await line.innerText()).replace(/\s+/g, ' ')).toMatch(/UND 2\.00 /);
    await closeToasts(supervisor);
    await chainDone(supervisor, 'cadena-observacion.png', 'chain 4 (observe → correct → resend)', started);
  }, TIMEOUT);
});
