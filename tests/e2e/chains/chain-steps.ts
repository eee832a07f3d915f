import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { fillDate, type E2e } from '../../harness/e2e';

// The steps the chains share, each done by its role through the screens only: clicks and typing,
// then waiting for the screen to say so (no reload, no API call, no database write).

export const WAIT = 30_000;

const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Types into a combobox and picks the first option whose name matches. */
export async function choose(page: Page, combobox: Locator, text: string, option: RegExp | string): Promise<void> {
  await combobox.click();
  await combobox.fill(text);
  await page.getByRole('option', { name: option }).first().click({ timeout: WAIT });
}

/** Opens a listbox select (by its label) and picks an option. */
export async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Closes the toasts on screen (notifications arrive over the row menus). */
export async function closeToasts(page: Page): Promise<void> {
  const close = page.locator('[data-toasts]').getByRole('button', { name: 'Cerrar' });
  for (let i = 0; i < 20 && (await close.count()) > 0; i++) await close.first().click({ timeout: 2_000 }).catch(() => {});
}

/** A list row's action, after the notifications are out of the way (a toast that arrives between
 * closing them and the click covers the menu: the click gives up and the toasts are closed again). */
export async function rowMenu(row: Locator, item: string): Promise<void> {
  const page = row.page();
  for (let attempt = 1; ; attempt++) {
    await closeToasts(page);
    try {
      await row.getByRole('button', { name: 'Acciones' }).click({ timeout: 3_000 });
      await page.getByRole('menuitem', { name: item }).click({ timeout: 3_000 });
      return;
    } catch (error) {
      if (attempt === 6) throw error;
      await page.keyboard.press('Escape');
    }
  }
}

export type Product = { material: string; cantidad: number };

type RequestKind = { menu: string; heading: string; code: RegExp };
const COMPRA: RequestKind = { menu: 'Solicitud de Compra', heading: 'Nueva solicitud de compra', code: /^Solicitud .+-SC-\d{6}$/ };
const DESPACHO: RequestKind = { menu: 'Despacho', heading: 'Nueva solicitud de despacho', code: /^Solicitud .+-SD-\d{6}$/ };

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

/** A compra request ('Solicitud de Compra'). */
export const newCompraRequest = (e2e: E2e, page: Page, trabajo: string, products: Product[]) => newRequest(e2e, page, COMPRA, trabajo, products);

/** A despacho request ('Despacho': central stock for his site). */
export const newDespachoRequest = (e2e: E2e, page: Page, trabajo: string, products: Product[]) => newRequest(e2e, page, DESPACHO, trabajo, products);

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

/** The central storekeeper opens the request's Pedido from his list and attends it, taking
 * `stock[i]` of row i+1 from the central warehouse (the rest is bought). */
export async function attendCentral(page: Page, codigo: string, stock: number[]): Promise<void> {
  await page.getByRole('row').filter({ hasText: codigo }).getByRole('link', { name: codigo }).click({ timeout: WAIT });
  await page.getByRole('heading', { name: `Pedido ${codigo}` }).waitFor({ timeout: WAIT });
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
  const distribution = page.getByRole('table', { name: new RegExp(`^Distribución de ${material.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, STOCK$`) });
  const quantity = distribution.getByRole('textbox', { name: `Cantidad a salir de ${codigo}` });
  await quantity.waitFor({ timeout: WAIT });
  await quantity.fill(String(cantidad));
  const box = distribution.locator('xpath=..');
  await box.getByRole('textbox', { name: 'N° de guía' }).fill(guia);
  await box.getByRole('button', { name: 'Confirmar traslado' }).click();
  await page.getByText('Traslado registrado').first().waitFor({ timeout: WAIT });
}
