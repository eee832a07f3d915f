import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../services/shared/config';
import { useE2e } from '../../harness/e2e';
import { approveAsJefe, choose, closeToasts, pick, rowMenu, sendAndFollow, WAIT } from './chain-steps';

// Issue 28, chain 2 (seed 002 §2, §4, §8): servicio. On the demo as `npm start` starts it (workers
// and the SICAM simulator running), each role in its own browser, only through the screens: the
// supervisor generates the service request from an OT of his site ('Generar solicitud de
// servicio' in the OT list, then 'Aviso'), completes it and sends it (state 1 → 4, no central
// warehouse); the jefe approves it; the worker pushes it to SICAM; the supervisor's list, open the
// whole time, shows 'Pendiente aprobación' and then 'Enviado' live.

const e2e = useE2e({ workers: true });
const TIMEOUT = 240_000;
const SERVICIO = 'Cadena servicio: reparación del cilindro hidráulico';

describe('chain 2: servicio (real Chromium, the demo with its workers)', () => {
  it('supervisor generates the service request from an OT and sends it → jefe approves → the worker sends it to SICAM, seen live', async () => {
    // The demo's OT to start from: open, of the supervisor's site, without warehouse products nor a
    // request (read only: the chain itself goes through the screens).
    const [order] = await e2e.sql<{ codigo: string }[]>`
      SELECT o.codigo FROM rm_ordenes_trabajo o JOIN rm_obras s ON s.id = o.id_obra
       WHERE o.estado = 1 AND o.sin_productos = 1 AND coalesce(o.id_solicitud_compra, 0) = 0 AND s.nombre LIKE 'Vía Expresa Sur%'
       ORDER BY o.id LIMIT 1`;
    expect(order).toBeDefined();
    const started = Date.now();

    // The supervisor generates it from the OT list.
    const { page: supervisor } = await e2e.signIn('supervisor@faena.pe', { path: `/ordenes_trabajo?query=${encodeURIComponent(order.codigo)}` });
    const ot = supervisor.getByRole('row').filter({ hasText: order.codigo });
    await ot.waitFor({ timeout: WAIT });
    await rowMenu(ot, 'Generar solicitud de servicio');
    await supervisor.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    const aviso = supervisor.getByRole('alertdialog', { name: 'Aviso' });
    await aviso.getByRole('button', { name: 'Aceptar' }).click({ timeout: WAIT });

    // He finds it in his requests (by the OT's code), completes it and sends it.
    await supervisor.goto(`${e2e.baseUrl}/solicitudes_compras?query=${encodeURIComponent(order.codigo)}`);
    const mine = supervisor.getByRole('row').filter({ hasText: order.codigo }).filter({ hasText: /-SS-\d{6}/ });
    await expect.poll(() => mine.innerText(), { timeout: WAIT }).toContain('Borrador');
    await rowMenu(mine, 'Editar');
    await supervisor.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
    await supervisor.getByRole('heading', { name: /^Solicitud .+-SS-\d{6}$/ }).waitFor({ timeout: WAIT });
    const codigo = await supervisor.getByLabel('Código').inputValue();
    const tipo = supervisor.getByRole('combobox', { name: 'Tipo de solicitud', exact: true });
    if (!(await tipo.inputValue())) await choose(supervisor, tipo, 'Opera', 'Operación y mantenimiento');
    const recurso = supervisor.getByRole('combobox', { name: 'Recurso', exact: true });
    if (!(await recurso.inputValue())) await choose(supervisor, recurso, '1-001', /^1-001 - /);
    if ((await supervisor.getByLabel('Tipo de centro de costo', { exact: true }).innerText()).includes('Elegir')) await pick(supervisor, 'Tipo de centro de costo', 'Directo (equipo)');
    const region = supervisor.getByRole('region', { name: 'Servicios' });
    await region.getByRole('button', { name: 'Agregar fila en Servicios' }).click();
    await region.getByLabel('Descripción (fila 1)').fill(SERVICIO);
    await region.getByLabel('UDM (fila 1)').click();
    await supervisor.getByRole('option', { name: 'UND', exact: true }).click({ timeout: WAIT });
    await region.getByLabel('Cantidad solicitada (fila 1)').fill('1');
    await closeToasts(supervisor);
    await supervisor.getByRole('button', { name: 'Guardar', exact: true }).click();
    const saved = supervisor.getByText(/^(Guardado|Registrado) correctamente$/).first();
    const refused = supervisor.getByRole('alert').filter({ hasText: 'Revise los campos marcados' });
    await saved.or(refused).first().waitFor({ timeout: WAIT });
    if (await refused.isVisible()) throw new Error(`the request form refused the save: ${(await supervisor.getByRole('alert').allInnerTexts()).join(' | ')}`);
    // A servicio skips the central warehouse: 1 → 4.
    const sent = await sendAndFollow(e2e, supervisor, codigo, 'Pendiente aprobación');

    // The jefe approves it; the worker sends it to SICAM; the supervisor sees 'Enviado' live.
    await approveAsJefe(e2e, codigo);
    await expect.poll(() => sent.innerText(), { timeout: WAIT }).toContain('Enviado');
    expect([...e2e.sicam!.sim.requests.values()].some((r) => JSON.stringify(r).includes(codigo))).toBe(true);
    await closeToasts(supervisor);
    await supervisor.mouse.move(0, 0);
    await supervisor.screenshot({ path: join(projectRoot, 'docs/screenshots/cadena-servicio.png') });
    const seconds = (Date.now() - started) / 1000;
    console.log(`chain 2 (servicio): ${seconds.toFixed(1)} s`);
  }, TIMEOUT);
});
