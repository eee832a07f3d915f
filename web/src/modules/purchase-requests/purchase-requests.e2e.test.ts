import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { choose, closeToasts, fillDate, literal, pick, rowMenu, shootWhole, shots, useE2e, WAIT } from '../../../../tests/harness/e2e';
import { seedPartsCatalogue, attendSiteOrder } from '../../../../tests/harness/seed-store';
import { createTestEquipo } from '../../../../tests/harness/equipment';

// The purchase-request screens end to end (seed 002 §2, §4): a supervisor fills a compra request
// (the empty form's errors first), saves it and sends it; the central storekeeper attends it on
// its Pedido, finding part of it in stock; the approver approves it from the list and rejects
// another with a reason; a second browser watching the list sees each step without a reload; the
// worker pushes the approved request to the SICAM simulator ('Enviado', then 'Actualizar Estados'
// on the Pedido); a push SICAM refuses shows as 'Fallido' with SICAM's reason and is resent from the
// row menu; the request's activity log tells the story.

const e2e = useE2e({ workers: true });
const TRABAJO = 'Cambio de filtros E2E-SC';
const MATERIAL = 'PRE2E-FLT-01';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

const site = { id: 0, codigo: '', nombre: '' };
let equipo = '';

beforeAll(async () => {
  const [s] = await e2e.sql<{ id: number; codigo: string; nombre: string }[]>`SELECT id::int, codigo, nombre FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  Object.assign(site, s);
  equipo = (await createTestEquipo(e2e.store, { id_obra: site.id, codigo: 'E2E-SC-EQ1' })).codigo;
  const [und] = await e2e.sql<{ id: number }[]>`SELECT id::int FROM rm_unidades WHERE nombre = 'UND'`;
  await seedPartsCatalogue(e2e.store, { tipo: { codigo: 'PRE2', nombre: 'Filtros E2E', unidades: [{ id_unidad: und.id, valor: 1 }], materiales: [{ codigo: MATERIAL, nombre: 'Filtro de aceite E2E' }] } });
});

describe('purchase requests: form, central Pedido, approval, live list and log (real Chromium, real API)', () => {
  it('a supervisor sends a compra request, the central warehouse attends it, the approver approves it; another browser follows it live', async () => {
    const started = Date.now();
    // A second browser watches the requests list, filtered to this test's work description.
    // (1760 px: the ten columns and the expanded detail fit without scrolling sideways.)
    const { page: watcher } = await e2e.signIn('admin@faena.pe', { path: `/solicitudes_compras?query=${encodeURIComponent(TRABAJO)}`, viewport: { width: 1760, height: 900 } });
    await watcher.getByRole('table', { name: 'Solicitudes' }).getByText('No hay datos').waitFor({ timeout: WAIT });

    // The supervisor first generates the purchase request of an open work order with spare parts:
    // a borrador with the order's products, locked, and a link back to the order.
    const [order] = await e2e.sql<{ id: number; codigo: string }[]>`
      SELECT o.id::int, o.codigo FROM rm_ordenes_trabajo o
       WHERE o.estado = 1 AND coalesce(o.id_solicitud_compra, 0) = 0 AND o.sin_productos = 0
         AND EXISTS (SELECT 1 FROM rm_ot_lineas l WHERE l.id_orden_trabajo = o.id AND l.tabla = 'productos_solicitados')
       ORDER BY o.id LIMIT 1`;
    // The site warehouse attends the order first (issue 16: only then is the request offered).
    await attendSiteOrder(e2e.store, order.id);
    const { page } = await e2e.signIn('supervisor@faena.pe', { path: `/ordenes_trabajo/${order.id}/editar` });
    await page.getByRole('button', { name: 'Generar solicitud de compra' }).click({ timeout: WAIT });
    const generate = page.getByRole('alertdialog');
    await generate.getByText('Esta acción generará una Solicitud de Compra ¿Deseas continuar?').waitFor();
    await generate.getByRole('button', { name: 'Generar' }).click();
    await page.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
    await page.getByText('Los productos de una solicitud de compra generada desde su orden de trabajo son los de la orden.').waitFor({ timeout: WAIT });
    await page.getByRole('link', { name: order.codigo }).waitFor();
    expect(await page.getByRole('region', { name: 'Productos' }).getByRole('button', { name: /Agregar/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Productos' }).getByLabel('Cantidad solicitada (fila 1)').isDisabled()).toBe(true);

    // Then a request of its own: 'Nuevo' → 'Solicitud de Compra'.
    await page.goto(`${e2e.baseUrl}/solicitudes_compras`);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    await page.getByRole('menuitem', { name: 'Solicitud de Compra' }).click();
    await page.waitForURL((u) => u.pathname === '/solicitudes_compras/nuevo' && u.searchParams.get('tipo') === 'compra');
    await page.getByRole('heading', { name: 'Nueva solicitud de compra' }).waitFor({ timeout: WAIT });
    expect(await page.getByLabel('Solicitante').inputValue()).toBe('Carlos Mendoza Flores');

    // An empty form: the server's errors under their fields.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).waitFor({ timeout: WAIT });
    for (const field of [page.getByRole('combobox', { name: 'Obra', exact: true }), page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true }), page.getByLabel('Descripción del trabajo')]) {
      const box = field.locator('xpath=ancestor::*[.//*[@role="alert"]][1]');
      expect(await box.getByRole('alert').innerText()).toBe('Este campo es obligatorio');
    }

    await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), site.nombre.slice(0, 8), literal(site.nombre));
    // Request type and resource come from their admin-editable catalogues (the demo's names).
    await choose(page, page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true }), 'Opera', 'Operación y mantenimiento');
    await choose(page, page.getByRole('combobox', { name: 'Recurso', exact: true }), '1-001', /^1-001 - /);
    await fillDate(page, 'Fecha de necesidad', '2026-12-15');
    await pick(page, 'Tipo de centro de costo', 'Directo (equipo)');
    await choose(page, page.getByRole('combobox', { name: 'Equipo', exact: true }), equipo, new RegExp(`^${equipo}`));
    await page.getByLabel('Descripción del trabajo').fill(TRABAJO);
    const products = page.getByRole('region', { name: 'Productos' });
    await products.getByText('Sin items...').waitFor();
    await products.getByRole('button', { name: 'Agregar fila en Productos' }).click();
    await choose(page, products.getByRole('combobox', { name: 'Material (fila 1)' }), MATERIAL.slice(0, 6), literal(MATERIAL));
    // The material fills its description; its type allows one unit (UND), chosen for the user.
    await expect.poll(() => products.getByLabel('UDM (fila 1)').innerText(), { timeout: WAIT }).toContain('UND');
    expect(await products.getByLabel('Descripción (fila 1)').inputValue()).toBe('Filtro de aceite E2E');
    await products.getByLabel('Cantidad solicitada (fila 1)').fill('4x');
    expect(await products.getByLabel('Cantidad solicitada (fila 1)').inputValue()).toBe('4');

    // A document: the supplier's quote, with its observations (multipart with the save).
    const docs = page.getByRole('region', { name: 'Documentos' });
    await docs.getByRole('button', { name: 'Agregar documento' }).click();
    await docs.locator('input[type=file]').setInputFiles({ name: 'cotizacion-proveedor.pdf', mimeType: 'application/pdf', buffer: PDF });
    await docs.getByLabel('Observaciones (fila 1)').fill('Cotización del proveedor');

    // Guardar: registered; the new request opens on its own address with its code.
    await page.getByRole('button', { name: 'Guardar', exact: true }).click();
    await page.getByText('Registrado correctamente').first().waitFor({ timeout: WAIT });
    await page.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
    const id = Number(/\/solicitudes_compras\/(\d+)\/editar/.exec(page.url())![1]);
    await page.getByRole('heading', { name: /^Solicitud .+-SC-\d{6}$/ }).waitFor({ timeout: WAIT });
    const codigo = await page.getByLabel('Código').inputValue();
    expect(codigo).toMatch(/-SC-\d{6}$/);
    await expect.poll(() => products.getByLabel('Descripción (fila 1)').inputValue(), { timeout: WAIT }).toBe('Filtro de aceite E2E');
    // The saved document is listed by the name it was sent with, downloadable, with its observations.
    await docs.getByRole('button', { name: 'cotizacion-proveedor.pdf' }).waitFor({ timeout: WAIT });
    await docs.getByText('Cotización del proveedor').waitFor();
    await page.mouse.move(0, 0);
    await shootWhole(page, 'solicitud-form.png');

    // The watcher's list shows the draft without a reload.
    const watched = watcher.getByRole('row').filter({ hasText: codigo });
    await expect.poll(() => watched.innerText(), { timeout: WAIT }).toContain('Borrador');

    // Saved and still open: a change not saved yet asks before leaving.
    await page.getByLabel('Descripción del trabajo').fill(`${TRABAJO} (hoja 2)`);
    await page.getByRole('button', { name: 'Volver', exact: true }).click();
    await page.getByText('Los datos que ha introducido se perderán.').waitFor();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
    expect(new URL(page.url()).pathname).toBe(`/solicitudes_compras/${id}/editar`);

    // Enviar: asks first, then the list; the request waits for the central warehouse.
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const ask = page.getByRole('alertdialog', { name: '¿Seguro que quieres realizar esta operación?' });
    await ask.getByText('Las acciones realizadas no se podrán revertir.').waitFor();
    await ask.getByRole('button', { name: 'Enviar' }).click();
    await page.getByText('Solicitud enviada correctamente').first().waitFor({ timeout: WAIT });
    await page.waitForURL((u) => u.pathname === '/solicitudes_compras', { timeout: WAIT });
    await expect.poll(() => watched.innerText(), { timeout: WAIT }).toContain('Pendiente atención almacén central');

    // The central storekeeper attends the Pedido: stock for 1 of the 4, 3 left to buy.
    const { page: central } = await e2e.signIn('almacen.central@faena.pe', { path: '/almacen_central_ots' });
    await central.getByRole('row').filter({ hasText: codigo }).getByRole('link', { name: codigo }).click({ timeout: WAIT });
    await central.getByRole('heading', { name: `Pedido ${codigo}` }).waitFor({ timeout: WAIT });
    const stock = central.getByLabel('Stock almacén central (fila 1)');
    const toBuy = central.getByLabel('Cantidad a solicitar (fila 1)');
    await stock.fill('9');
    // Capped at the requested quantity: all of it in the central warehouse.
    expect(await stock.inputValue()).toBe('4');
    await expect.poll(() => toBuy.innerText()).toBe('0.00');
    expect(await central.getByLabel('En almacén central (fila 1)').innerText()).toBe('1');
    await stock.fill('1');
    await expect.poll(() => toBuy.innerText()).toBe('3.00');
    expect(await central.getByLabel('En almacén central (fila 1)').innerText()).toBe('0');
    await central.getByLabel('Observación (fila 1)').fill('1 en estante B-12');
    await central.mouse.move(0, 0);
    await central.screenshot({ path: join(shots, 'almacen-central-pedido.png') });
    await central.getByRole('button', { name: 'Atendido', exact: true }).click();
    await central.getByRole('alertdialog').getByRole('button', { name: 'Atendido' }).click();
    await central.getByText('Pedido atendido', { exact: true }).first().waitFor({ timeout: WAIT });
    await central.getByText('Pedido atendido por el almacén central.').waitFor({ timeout: WAIT });
    await expect.poll(() => watched.innerText(), { timeout: WAIT }).toContain('Pendiente aprobación');

    // The approver approves it from the list.
    const { page: jefe } = await e2e.signIn('jefe@faena.pe', { path: `/solicitudes_compras?query=${encodeURIComponent(codigo)}` });
    const row = jefe.getByRole('row').filter({ hasText: codigo });
    await row.waitFor({ timeout: WAIT });
    await rowMenu(row, 'Aprobar');
    const approve = jefe.getByRole('alertdialog', { name: '¿Estás seguro de aprobar esta solicitud?' });
    await approve.getByRole('button', { name: 'Aprobar' }).click();
    await jefe.getByText('Solicitud aprobada').first().waitFor({ timeout: WAIT });
    await expect.poll(() => row.innerText(), { timeout: WAIT }).toContain('Solicitado');
    // The requester hears of it live: a notification toast and the bell's panel.
    await page.locator('[data-toasts]').getByText(`Se aprobó la solicitud ${codigo}`).waitFor({ timeout: WAIT });

    // The watcher sees it approved and sent to SICAM by the worker, without a reload; its detail
    // shows the central warehouse's share and what is left to buy.
    await expect.poll(() => watched.innerText(), { timeout: WAIT }).toContain('Solicitado');
    await expect.poll(() => watched.innerText(), { timeout: WAIT }).toContain('Enviado');
    await watched.getByRole('button', { name: 'Ver detalle' }).click();
    const detail = watcher.getByRole('table', { name: `Productos de la solicitud ${codigo}` });
    const line = detail.getByRole('row').filter({ hasText: MATERIAL });
    await line.waitFor({ timeout: WAIT });
    expect((await line.innerText()).replace(/\s+/g, ' ')).toMatch(/UND 4\.00 1\.00 3\.00 Solicitado/);
    await watcher.getByText('Carlos Mendoza Flores').first().waitFor();
    await closeToasts(watcher);
    await watcher.mouse.move(0, 0);
    await watcher.screenshot({ path: join(shots, 'solicitudes-list-expanded.png') });

    // The request's PDF from the row menu.
    // It opens in a new tab by a form POST (seed 000 §7); the same form, sent again, gives the file.
    const [pdfTab, pdfForm] = await Promise.all([
      jefe.context().waitForEvent('page', { timeout: WAIT }),
      jefe.context().waitForEvent('request', { predicate: (r) => new URL(r.url()).pathname === '/api/solicitudes_compras/PDF', timeout: WAIT }),
      rowMenu(row, 'PDF'),
    ]);
    await pdfTab.close();
    const pdfReply = await jefe.request.post(pdfForm.url(), { form: Object.fromEntries(new URLSearchParams(pdfForm.postData() ?? '')) });
    expect(pdfReply.headers()['content-type']).toBe('application/pdf');
    const pdfPath = join(mkdtempSync(join(tmpdir(), 'faena-request-pdf-')), 'solicitud.pdf');
    writeFileSync(pdfPath, await pdfReply.body());
    expect(readFileSync(pdfPath).subarray(0, 5).toString()).toBe('%PDF-');
    // poppler-utils reads it back: the header and the product table, then its first page as the screenshot.
    const pdfText = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
    expect(pdfText).toContain('SOLICITUD DE COMPRA');
    expect(pdfText).toContain('Productos solicitados');
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', pdfPath, join(shots, 'solicitud-pdf-page1')]);

    // Once sent, the Pedido asks SICAM for the order's progress on demand.
    await central.reload();
    const refresh = central.getByRole('button', { name: 'Actualizar Estados' });
    await expect.poll(() => refresh.isEnabled(), { timeout: WAIT }).toBe(true);
    await refresh.click();
    await central.getByText('Actualizado correctamente').first().waitFor({ timeout: WAIT });

    // Its activity, from the row menu: who did what, newest first.
    await rowMenu(row, 'Ver actividad');
    await jefe.waitForURL((u) => u.pathname === '/solicitud_compra_logs' && u.searchParams.get('id_target') === String(id), { timeout: WAIT });
    const log = jefe.getByRole('table', { name: 'Historial de solicitudes' });
    await expect.poll(() => log.innerText(), { timeout: WAIT }).toMatch(/aprobó/);
    const activity = await log.innerText();
    for (const who of ['Jorge Huamán Torres', 'Rosa Chávez Ramos', 'Carlos Mendoza Flores']) expect(activity).toContain(who);
    await jefe.mouse.move(0, 0);
    await jefe.screenshot({ path: join(shots, 'solicitud-logs.png') });

    // A push SICAM refuses: 'Fallido' with SICAM's reason, live; 'Reenviar a SICAM' sends it again.
    const [toRefuse, pending] = await e2e.sql<{ codigo: string }[]>`
      SELECT codigo FROM rm_solicitudes_compras r WHERE estado = 4 AND codigo <> ${codigo}
         AND EXISTS (SELECT 1 FROM rm_productos_solicitados p WHERE p.id_solicitud_compra = r.id AND (r.tipo = 2 OR p.cantidad_solicitada_por_almacen_central > 0))
       ORDER BY id LIMIT 2`;
    e2e.sicam!.sim.knobs.refuseNext = 1;
    await jefe.goto(`${e2e.baseUrl}/solicitudes_compras?query=${encodeURIComponent(toRefuse.codigo)}`);
    const refused = jefe.getByRole('row').filter({ hasText: toRefuse.codigo });
    await rowMenu(refused, 'Aprobar');
    await jefe.getByRole('alertdialog').getByRole('button', { name: 'Aprobar' }).click();
    await expect.poll(() => refused.innerText(), { timeout: WAIT }).toContain('Fallido');
    expect(await refused.innerText()).toContain('El centro de costo no está habilitado en SICAM');
    await rowMenu(refused, 'Reenviar a SICAM');
    const resend = jefe.getByRole('alertdialog', { name: '¿Estás seguro de reenviar a SICAM' });
    await resend.getByRole('button', { name: 'Reenviar' }).click();
    await jefe.getByText('Se envió la solicitud a SICAM').first().waitFor({ timeout: WAIT });
    await expect.poll(() => refused.innerText(), { timeout: WAIT }).toContain('Enviado');

    // Rejecting asks for the reason: refused blank, then the request is finished (faded, no actions).
    await jefe.goto(`${e2e.baseUrl}/solicitudes_compras?query=${encodeURIComponent(pending.codigo)}`);
    const other = jefe.getByRole('row').filter({ hasText: pending.codigo });
    await rowMenu(other, 'Rechazar');
    const reject = jefe.getByRole('alertdialog', { name: '¿Estás seguro de rechazar esta solicitud?' });
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await reject.getByText('Este campo es obligatorio').waitFor();
    await reject.getByPlaceholder('Escribe el motivo...').fill('Sin presupuesto este mes (E2E)');
    await reject.getByRole('button', { name: 'Rechazar' }).click();
    await jefe.getByText('Solicitud rechazada').first().waitFor({ timeout: WAIT });
    await expect.poll(() => other.innerText(), { timeout: WAIT }).toContain('Rechazado');
    expect(await other.getByRole('button', { name: 'Acciones' }).count()).toBe(0);
    const [rejected] = await e2e.sql<{ motivo_rechazo: string }[]>`SELECT motivo_rechazo FROM rm_solicitudes_compras WHERE codigo = ${pending.codigo}`;
    expect(rejected.motivo_rechazo).toBe('Sin presupuesto este mes (E2E)');
    console.log(`purchase-requests walkthrough: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }, 240_000);
});
