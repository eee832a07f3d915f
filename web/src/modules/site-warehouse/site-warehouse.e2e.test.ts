import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useE2e, projectRoot } from '../../../../tests/harness/e2e';
import { seedPartsCatalogue } from '../../../../tests/harness/seed-store';
import { apiAs, type ApiPost } from '../../../../tests/harness/api-session';
import { createTestEquipo } from '../../../../tests/harness/equipment';

// The site warehouse's Pedido end to end (seed 002 §4-5, issue 16), at 1366 px and on a 390 px
// phone: the storekeeper of the order's site attends a work order with three spare parts — one
// partly in site stock, one taking the stock another request lends (a request without OT for the
// same site and material, sent beforehand through the API), one material to create. The
// supervisor's OT form, open in another browser, locks its parts and shows 'REPUESTOS EN PROCESO
// DE ATENCIÓN' without a reload; the worker sends the material-creation request to the SICAM
// simulator, the simulator creates the material, and the storekeeper generates the purchase
// request of what is left.

const e2e = useE2e({ workers: true });
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = 30_000;
const LIST_TITLE = 'Pedidos del almacén de obra';

const site = { id: 0, nombre: '' };
const ids = { equipo: 0, grupo: 0, elemento: 0, tipo: 0, und: 0, filtro: 0, rodillo: 0, operador: 0, mecanico: 0, supervisor: 0 };
const FILTRO = { codigo: 'AOE2E-FLT-01', nombre: 'Filtro de aceite obra E2E' };
const RODILLO = { codigo: 'AOE2E-RDL-01', nombre: 'Rodillo inferior obra E2E' };

let supervisorApi: ApiPost;

beforeAll(async () => {
  const [s] = await e2e.sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_obras WHERE estado = 1 ORDER BY id LIMIT 1`;
  Object.assign(site, s);
  ids.equipo = (await createTestEquipo(e2e.store, { id_obra: site.id, codigo: 'E2E-AO-EQ1' })).id;
  const one = async (q: Promise<{ id: number }[]>) => Number((await q)[0].id);
  ids.und = await one(e2e.sql`SELECT id FROM rm_unidades WHERE nombre = 'UND'`);
  ids.operador = await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 11 ORDER BY id LIMIT 1`);
  ids.mecanico = await one(e2e.sql`SELECT id FROM rm_users WHERE id_role = 14 ORDER BY id LIMIT 1`);
  ids.supervisor = await one(e2e.sql`SELECT id FROM rm_users WHERE email = 'supervisor@faena.pe'`);
  const parts = await seedPartsCatalogue(e2e.store, {
    grupo: { sigla: 'AOE', nombre: 'Tren de rodaje E2E', elementos: [{ numero: '97.01', nombre: 'Cadena E2E' }] },
    tipo: { codigo: 'AOE2', nombre: 'Repuestos obra E2E', unidades: [{ id_unidad: ids.und, valor: 1 }], materiales: [FILTRO, RODILLO] },
  });
  [ids.grupo, ids.elemento, ids.tipo, ids.filtro, ids.rodillo] = [parts.grupo, parts.elementos[0], parts.tipo, ...parts.materiales];
  supervisorApi = await apiAs(e2e.baseUrl, 'supervisor@faena.pe');
}, 120_000);

const part = (material: { id: number; codigo: string; nombre: string } | null, cantidad: number, descripcion?: string) => ({
  id: 0,
  id_grupo_funcional: ids.grupo,
  id_grupo_funcional_elemento: ids.elemento,
  descripcion: descripcion ?? material?.nombre ?? '',
  id_unidad: ids.und,
  id_material: material?.id ?? null,
  codigo_material: material?.codigo ?? '',
  id_material_tipo: ids.tipo,
  solicitud_material: material ? 0 : 1,
  cantidad_solicitada_por_tecnico: cantidad,
});

/** The fixtures of one walkthrough: a request without OT for the site that lends 1 roller, sent
 * (terminado=1), and an open work order asking for 5 filters, 4 rollers and a new pump. */
async function fixtures(tag: string): Promise<{ id: number; codigo: string }> {
  await supervisorApi('/solicitudes_compras/create_not_ot', {
    id: 0, tipo: 'compra', id_obra: site.id, id_solicitudes_tipo: 2, fecha_requerimiento: '2026-12-20', descripcion_trabajo: `Stock de rodillos ${tag}`,
    productos_solicitados: [{ id: 0, id_material: ids.rodillo, codigo_material: RODILLO.codigo, id_material_tipo: ids.tipo, descripcion: RODILLO.nombre, id_unidad: ids.und, cantidad_solicitada_por_almacen_obra: 1 }],
    terminado: 1,
  });
  const order = await supervisorApi('/ordenes_trabajo/create', {
    id: 0, version: 0, id_obra: site.id, id_equipo: ids.equipo, placa_equipo: '', serie_equipo: '', fecha_parada: '2026-11-20 08:00', fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-20 08:30',
    fecha_cierre_ot: '', horometro_parada: '1200', horometro_puesta_marcha: '', horometro_apertura_ot: '1200', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
    id_operador: ids.operador, id_mecanico: ids.mecanico, id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [],
    productos_solicitados: [part({ id: ids.filtro, ...FILTRO }, 5), part({ id: ids.rodillo, ...RODILLO }, 4), part(null, 2, `Bomba de agua ${tag}`)],
  });
  return { id: Number(order.id), codigo: String(order.codigo) };
}

/** The whole page at the window's width: the window grows to the page for the shot. */
async function shootWhole(page: Page, name: string, width: number) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const before = page.viewportSize()!;
  await page.setViewportSize({ width, height: Math.max(before.height, height) });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(shots, name) });
  await page.setViewportSize(before);
}

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

const card = (page: Page, n: number) => page.getByRole('listitem', { name: new RegExp(`^Repuesto ${n}:`) });
const toRequest = (line: Locator) => line.getByText(/por solicitar en la fila/).locator('..');

async function walkthrough(width: number) {
  const started = Date.now();
  const tag = `E2E-AO-${width}`;
  const order = await fixtures(tag);
  const phone = width < 640;

  // The supervisor has the order open on its parts (another browser, never reloaded).
  const { page: supervisor } = await e2e.signIn('supervisor@faena.pe', { path: `/ordenes_trabajo/${order.id}/editar` });
  await supervisor.getByRole('tablist', { name: 'Líneas de la orden de trabajo' }).getByRole('tab', { name: /^Repuestos \d/ }).click({ timeout: WAIT });
  const parts = supervisor.getByRole('region', { name: 'Descripción de repuestos' });
  await parts.getByRole('button', { name: 'Agregar fila en Descripción de repuestos' }).waitFor({ timeout: WAIT });

  // The storekeeper finds it in the list (cards on a phone) and opens its Pedido.
  const { page } = await e2e.signIn('almacen.obra@faena.pe', { path: `/almacen_obra_ots?query=${encodeURIComponent(order.codigo)}`, viewport: { width, height: phone ? 844 : 768 } });
  if (phone) {
    const item = page.getByRole('list', { name: LIST_TITLE, exact: true }).getByRole('listitem').filter({ hasText: order.codigo });
    await item.waitFor({ timeout: WAIT });
    expect(await sideways(page)).toBe(0);
    await item.locator('button:not([aria-label])').first().click();
  } else {
    const row = page.getByRole('table', { name: LIST_TITLE }).getByRole('row').filter({ hasText: order.codigo });
    await row.waitFor({ timeout: WAIT });
    expect(await row.innerText()).toContain('No');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(shots, 'almacen-obra-list.png') });
    await row.getByRole('link', { name: order.codigo }).click();
  }
  await page.getByRole('heading', { name: `Pedido OT ${order.codigo}` }).waitFor({ timeout: WAIT });
  await card(page, 3).waitFor({ timeout: WAIT });

  // Line 1: site stock. Capped at the 5 requested; a letter typed last is dropped; 3 on site → 2.
  const stock1 = page.getByLabel('Stock en obra (fila 1)');
  expect(await stock1.getAttribute('inputmode')).toBe('decimal');
  await stock1.fill('7');
  expect(await stock1.inputValue()).toBe('5');
  await stock1.fill('3a');
  expect(await stock1.inputValue()).toBe('3');
  await expect.poll(() => toRequest(card(page, 1)).innerText()).toMatch(/^2\.00/);

  // Line 2: the roller another request lends (1 available of the 4): 1 taken, 3 to request, the
  // site-stock field locked.
  await card(page, 2).getByRole('switch', { name: 'Usar stock de otra solicitud' }).click();
  const lender = page.getByRole('combobox', { name: 'Producto de otra solicitud (fila 2)' });
  await lender.click();
  await page.getByRole('option').first().click({ timeout: WAIT });
  await card(page, 2).getByText('Tomado: 1.00').waitFor({ timeout: WAIT });
  await expect.poll(() => toRequest(card(page, 2)).innerText()).toMatch(/^3\.00/);
  expect(await page.getByLabel('Stock en obra (fila 2)').isDisabled()).toBe(true);

  // Line 3: a material to create (in the type SICAM will use). Switching 'Crear material' off and
  // on again clears its description, which is then required: Guardar refuses it under the field
  // and in the banner.
  const create3 = card(page, 3).getByRole('switch', { name: 'Crear material' });
  const description3 = page.getByLabel('Descripción del material nuevo (fila 3)');
  expect(await description3.inputValue()).toBe(`Bomba de agua ${tag}`);
  await create3.click();
  await page.getByRole('combobox', { name: 'Material (fila 3)' }).waitFor();
  await create3.click();
  expect(await description3.inputValue()).toBe('');
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).first().waitFor({ timeout: WAIT });
  await card(page, 3).getByText('Este campo es obligatorio').waitFor();
  // Nothing typed is lost.
  expect(await stock1.inputValue()).toBe('3');
  await description3.fill(`Bomba de agua ${tag}`);

  // Guardar: saved, read again with the values kept.
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  await page.getByText('Hay cambios sin guardar.').waitFor({ state: 'detached', timeout: WAIT });
  await expect.poll(() => page.getByLabel('Stock en obra (fila 1)').inputValue(), { timeout: WAIT }).toBe('3');
  await card(page, 2).getByText('Tomado: 1.00').waitFor({ timeout: WAIT });
  expect(await sideways(page)).toBe(0);
  await shootWhole(page, phone ? 'almacen-obra-pedido-390.png' : 'almacen-obra-pedido-1366.png', width);

  // Atendido asks first, then the Pedido is read-only with the reason.
  await page.getByRole('button', { name: 'Atendido', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: '¿Seguro que quieres realizar esta operación?' });
  await ask.getByRole('button', { name: 'Atendido' }).click();
  await page.getByRole('button', { name: 'Guardar', exact: true }).waitFor({ state: 'detached', timeout: WAIT });
  expect(await page.getByLabel('Stock en obra (fila 1)').isDisabled()).toBe(true);

  // The supervisor's form follows without a reload: parts locked, the warehouse's label.
  await supervisor.getByText('REPUESTOS EN PROCESO DE ATENCIÓN').first().waitFor({ timeout: WAIT });
  await parts.getByRole('button', { name: 'Agregar fila en Descripción de repuestos' }).waitFor({ state: 'detached', timeout: WAIT });

  // The worker sends the material-creation request to SICAM; the simulator creates the material;
  // the status pull brings it back and the Pedido says so, live.
  const sentOf = () => [...e2e.sicam!.sim.materials.values()].find((m) => m.id_orden_trabajo === order.id)?.id_sicam;
  await expect.poll(sentOf, { timeout: WAIT }).toBeDefined();
  e2e.sicam!.sim.createMaterials(sentOf()!);
  await page.getByText('Materiales creados').first().waitFor({ timeout: 60_000 });

  // Generar solicitud de compra: the seed's question, the reply in 'Aviso', the request's link.
  await page.getByRole('button', { name: 'Generar solicitud de compra' }).click({ timeout: WAIT });
  const generate = page.getByRole('alertdialog');
  await generate.getByText('Esta acción generará una Solicitud de Compra ¿Deseas continuar?', { exact: true }).waitFor();
  await generate.getByRole('button', { name: 'Generar' }).click();
  // (The dialog's own box is empty, its panel is fixed: wait on what it holds.)
  const aviso = page.getByRole('alertdialog', { name: 'Aviso' });
  await aviso.getByRole('button', { name: 'Aceptar' }).waitFor({ timeout: WAIT });
  expect((await aviso.innerText()).trim().length).toBeGreaterThan('Aviso Aceptar'.length);
  await aviso.getByRole('button', { name: 'Aceptar' }).click();
  const link = page.getByRole('region', { name: 'Orden de trabajo' }).getByRole('link');
  await expect.poll(() => link.getAttribute('href'), { timeout: WAIT }).toMatch(/^\/solicitudes_compras\/\d+\/editar$/);
  await page.getByRole('button', { name: 'Generar solicitud de compra' }).waitFor({ state: 'detached', timeout: WAIT });
  console.log(`site-warehouse walkthrough at ${width} px: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

describe('site warehouse Pedido (real Chromium, real API, worker and SICAM simulator)', () => {
  it('at 1366 px the storekeeper attends a Pedido (site stock, another request’s stock, a new material); the supervisor’s form locks its parts live; the purchase request is generated', async () => {
    await walkthrough(1366);
  }, 240_000);

  it('the same on a 390 px phone: cards, no sideways scroll, numeric keyboards', async () => {
    await walkthrough(390);
  }, 240_000);
});
