import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { choose, closeToasts, escaped, fillDate, literal, pick, rowMenu, shots, WAIT, type E2e } from '../../harness/e2e';

// The steps the chains share, each done by its role through the screens only: clicks and typing,
// then waiting for the screen to say so (no reload, no API call, no database write).

export { choose, closeToasts, pick, rowMenu, WAIT };

export type Product = { material: string; cantidad: number };

type RequestKind = { menu: string; heading: string; code: RegExp };
/** A compra request. */
export const COMPRA: RequestKind = { menu: 'Solicitud de Compra', heading: 'Nueva solicitud de compra', code: /^Solicitud .+-SC-\d{6}$/ };
/** A despacho request: central stock for his site. */
export const DESPACHO: RequestKind = { menu: 'Despacho', heading: 'Nueva solicitud de despacho', code: /^Solicitud .+-SD-\d{6}$/ };

/** The supervisor fills a request of his own ('Nuevo' → the kind's menu entry) on the demo's
 * first site, charged to one of its machines, saves it and returns its code. */
async function newRequest(e2e: E2e, page: Page, kind: RequestKind, trabajo: string, products: Product[]): Promise<string> {
  await page.goto(`${e2e.baseUrl}/solicitudes_compras`);
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await page.getByRole('menuitem', { name: kind.menu }).click();
  await page.getByRole('heading', { name: kind.heading }).waitFor({ timeout: WAIT });
  await choose(page, page.getByRole('combobox', { name: 'Obra', exact: true }), 'Vía Expresa', /Vía Expresa Sur/);
  await choose(page, page.getByRole('combobox', { name: 'Tipo de solicitud', exact: true }), 'Opera', 'Operación y mantenimiento');
  await choose(page, page.getByRole('combobox', { name: 'Recurso', exact: true }), '1-001', /^1-001 - /);
  await fillDate(page, 'Fecha de necesidad', '2026-12-15');
  await pick(page, 'Tipo de centro de costo', 'Directo (equipo)');
  await choose(page, page.getByRole('combobox', { name: 'Equipo', exact: true }), '', /./);
  await page.getByLabel('Descripción del trabajo').fill(trabajo);
  const region = page.getByRole('region', { name: 'Productos' });
  for (const [i, p] of products.entries()) {
    const n = i + 1;
    await region.getByRole('button', { name: 'Agregar fila en Productos' }).click();
    await choose(page, region.getByRole('combobox', { name: `Material (fila ${n})` }), p.material, literal(p.material));
    // A filter comes by the unit and by the box of 12: the storekeepers count units.
    await region.getByLabel(`UDM (fila ${n})`).click();
    await page.getByRole('option', { name: 'UND', exact: true }).click({ timeout: WAIT });
    await region.getByLabel(`Cantidad solicitada (fila ${n})`).fill(String(p.cantidad));
  }
  await page.getByRole('button', { name: 'Guardar', exact: true }).click();
  const saved = page.getByText('Registrado correctamente').first();
  const refused = page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' });
  await saved.or(refused).first().waitFor({ timeout: WAIT });
  if (await refused.isVisible()) throw new Error(`the request form refused the save: ${(await page.getByRole('alert').allInnerTexts()).join(' | ')}`);
  await page.waitForURL(/\/solicitudes_compras\/\d+\/editar$/, { timeout: WAIT });
  await page.getByRole('heading', { name: kind.code }).waitFor({ timeout: WAIT });
  return page.getByLabel('Código').inputValue();
}

/** 'Enviar' on the open request, confirmed: it goes to the central warehouse. */
export async function sendRequest(page: Page, done = 'Solicitud enviada correctamente'): Promise<void> {
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  const ask = page.getByRole('alertdialog', { name: '¿Seguro que quieres realizar esta operación?' });
  await ask.getByRole('button', { name: 'Enviar' }).click();
  await page.getByText(done).first().waitFor({ timeout: WAIT });
}

/** The supervisor sends the request open in its form, then follows it in his list (searched by
 * its code) until its row shows `estado`; returns that row, which later steps watch live. */
export async function sendAndFollow(e2e: E2e, page: Page, codigo: string, estado = 'Pendiente atención almacén central'): Promise<Locator> {
  await sendRequest(page);
  await page.waitForURL((u) => u.pathname === '/solicitudes_compras', { timeout: WAIT });
  await page.goto(`${e2e.baseUrl}/solicitudes_compras?query=${encodeURIComponent(codigo)}`);
  const row = page.getByRole('row').filter({ hasText: codigo });
  await expect.poll(() => row.innerText(), { timeout: WAIT }).toContain(estado);
  return row;
}

/** The supervisor signs in, fills a request of his own of `kind` and sends it; returns his page,
 * the request's code and its row in his list, which later steps watch live. */
export async function supervisorSends(e2e: E2e, kind: RequestKind, trabajo: string, products: Product[]): Promise<{ supervisor: Page; codigo: string; mine: Locator }> {
  const { page: supervisor } = await e2e.signIn('supervisor@faena.pe');
  const codigo = await newRequest(e2e, supervisor, kind, trabajo, products);
  const mine = await sendAndFollow(e2e, supervisor, codigo);
  return { supervisor, codigo, mine };
}

/** The central storekeeper signs in on his Pedidos list; returns his page. */
export async function centralOn(e2e: E2e): Promise<Page> {
  const { page } = await e2e.signIn('almacen.central@faena.pe', { path: '/almacen_central_ots' });
  return page;
}

/** Whether the SICAM simulator has received the request `codigo`. */
export const inSicam = (e2e: E2e, codigo: string) => [...e2e.sicam!.sim.requests.values()].some((r) => JSON.stringify(r).includes(codigo));

/** The chain's end: the screen as `page` shows it, pointer out of the way, saved as `name` in the
 * docs' screenshots, and the time since `started` written to the log under `chain`. */
export async function chainDone(page: Page, name: string, chain: string, started: number): Promise<void> {
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(shots, name) });
  const seconds = (Date.now() - started) / 1000;
  console.log(`${chain}: ${seconds.toFixed(1)} s`);
}

/** The jefe signs in on the request list searched by the code; returns his page and the row. */
export async function jefeOn(e2e: E2e, codigo: string): Promise<{ jefe: Page; row: Locator }> {
  const { page: jefe } = await e2e.signIn('jefe@faena.pe', { path: `/solicitudes_compras?query=${encodeURIComponent(codigo)}` });
  const row = jefe.getByRole('row').filter({ hasText: codigo });
  await row.waitFor({ timeout: WAIT });
  return { jefe, row };
}

/** The jefe approves the request from its row's menu and confirms; returns his page. */
export async function approveAsJefe(e2e: E2e, codigo: string): Promise<Page> {
  const { jefe, row } = await jefeOn(e2e, codigo);
  await rowMenu(row, 'Aprobar');
  await jefe.getByRole('alertdialog', { name: '¿Estás seguro de aprobar esta solicitud?' }).getByRole('button', { name: 'Aprobar' }).click();
  await jefe.getByText('Solicitud aprobada').first().waitFor({ timeout: WAIT });
  return jefe;
}

/** The central storekeeper opens the request's Pedido from his list. */
export async function openPedido(page: Page, codigo: string): Promise<void> {
  await page.getByRole('row').filter({ hasText: codigo }).getByRole('link', { name: codigo }).click({ timeout: WAIT });
  await page.getByRole('heading', { name: `Pedido ${codigo}` }).waitFor({ timeout: WAIT });
}

/** The central storekeeper opens the request's Pedido from his list and attends it, taking
 * `stock[i]` of row i+1 from the central warehouse (the rest is bought). */
export async function attendCentral(page: Page, codigo: string, stock: number[]): Promise<void> {
  await openPedido(page, codigo);
  for (const [i, q] of stock.entries()) await page.getByLabel(`Stock almacén central (fila ${i + 1})`).fill(String(q));
  await page.getByRole('button', { name: 'Atendido', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Atendido' }).click();
  await page.getByText('Pedido atendido', { exact: true }).first().waitFor({ timeout: WAIT });
}

/** The central storekeeper sends a request's product from central stock ('STOCK') to its site
 * with a waybill, from 'Traslado de materiales'. */
export async function transferFromStock(e2e: E2e, page: Page, material: string, codigo: string, cantidad: number, guia: string): Promise<void> {
  await page.goto(`${e2e.baseUrl}/almacen_central_traslado_materiales?numero_orden_compra=STOCK`);
  const groups = page.getByRole('table', { name: 'Traslado de materiales' });
  const group = groups.getByRole('row').filter({ hasText: material });
  await group.first().waitFor({ timeout: WAIT });
  await group.first().getByRole('button', { name: 'Ver detalle' }).click();
  const distribution = page.getByRole('table', { name: new RegExp(`^Distribución de ${escaped(material)}, STOCK$`) });
  const quantity = distribution.getByRole('textbox', { name: `Cantidad a salir de ${codigo}` });
  await quantity.waitFor({ timeout: WAIT });
  await quantity.fill(String(cantidad));
  const box = distribution.locator('xpath=..');
  await box.getByRole('textbox', { name: 'N° de guía' }).fill(guia);
  await box.getByRole('button', { name: 'Confirmar traslado' }).click();
  await page.getByText('Traslado registrado').first().waitFor({ timeout: WAIT });
}
