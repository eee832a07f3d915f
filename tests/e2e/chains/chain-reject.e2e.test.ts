import { describe, expect, it } from 'vitest';
import { useE2e } from '../../harness/e2e';
import { attendCentral, centralOn, chainDone, COMPRA, inSicam, jefeOn, rowMenu, supervisorSends, WAIT } from './chain-steps';

// Issue 28, chain 5 (seed 002 §2, §4): a request the approver rejects. On the demo as `npm start`
// starts it (workers and the SICAM simulator running), each role in its own browser, only through
// the screens: the supervisor fills and sends a compra request, the central storekeeper attends
// its Pedido (part from stock), the jefe rejects it with a reason; the supervisor's list, open the
// whole time, shows each state and finally 'Rechazado' without a reload, and the request is
// finished: no actions left, nothing sent to SICAM.

const e2e = useE2e({ workers: true });
const TIMEOUT = 240_000;
const TRABAJO = 'Cadena rechazo: cambio de filtros';

describe('chain 5: reject (real Chromium, the demo with its workers)', () => {
  it('supervisor sends → central warehouse attends → jefe rejects with a reason → the supervisor sees it rejected live', async () => {
    const started = Date.now();
    const { supervisor, codigo, mine } = await supervisorSends(e2e, COMPRA, TRABAJO, [{ material: 'CAT 1R-0750', cantidad: 4 }, { material: 'CAT 1R-0739', cantidad: 2 }]);

    await attendCentral(await centralOn(e2e), codigo, [1, 0]);
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Pendiente aprobación');

    const { jefe, row } = await jefeOn(e2e, codigo);
    await rowMenu(row, 'Rechazar');
    const reject = jefe.getByRole('alertdialog', { name: '¿Estás seguro de rechazar esta solicitud?' });
    await reject.getByPlaceholder('Escribe el motivo...').fill('Los filtros llegan con el mantenimiento del proveedor');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await jefe.getByText('Solicitud rechazada').first().waitFor({ timeout: WAIT });
    await expect.poll(() => row.innerText(), { timeout: WAIT }).toContain('Rechazado');

    // The supervisor's list, never reloaded: rejected, finished (no actions), never sent to SICAM.
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Rechazado');
    await expect.poll(() => mine.getByRole('button', { name: 'Acciones' }).count(), { timeout: WAIT }).toBe(0);
    expect(await mine.innerText()).not.toContain('Enviado');
    expect(inSicam(e2e, codigo)).toBe(false);
    await chainDone(supervisor, 'cadena-rechazo.png', 'chain 5 (reject)', started);
  }, TIMEOUT);
});
