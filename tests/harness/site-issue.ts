import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// The site warehouse's issue screen (/almacen_obra_salidas) in browser tests.

/** Confirms the selected lines' issue with button `confirm` (its exact name): first with the
 * VALE SALIDA blank (the message under the field, and no call), then, after `whileRefused` (a
 * screenshot of the message), with `vale` (one call, 'Salida registrada'). */
export async function issueWithVale(page: Page, confirm: string, vale: string, whileRefused: () => Promise<unknown> = async () => {}): Promise<void> {
  const WAIT = { timeout: 30_000 };
  const calls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/almacen_obra_salidas/create')) calls.push(r.url());
  });
  const button = page.getByRole('button', { name: confirm, exact: true });
  await button.click();
  const field = page.getByRole('textbox', { name: 'VALE SALIDA' });
  await field.locator('xpath=..').getByRole('alert').filter({ hasText: 'El campo VALE SALIDA es requerido' }).waitFor(WAIT);
  expect(calls).toEqual([]);
  await whileRefused();
  await field.fill(vale);
  await button.click();
  await page.getByText('Salida registrada').first().waitFor(WAIT);
  expect(calls).toHaveLength(1);
}
