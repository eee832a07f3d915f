import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dateInput, rowAction, useE2e } from '../harness/e2e';
import { settle } from '../harness/visit-every-screen';

// Issue 14 §2 and §3 in real Chromium: tabbing past a select chooses nothing; dialogs start on
// their first field; a failed save lists its errors as links and focuses the first invalid field.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };

/** What has focus: its role or tag and its accessible name as the page computes it. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return null;
    const labelledBy = (el.getAttribute('aria-labelledby') ?? '').split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();
    const label = ((el as HTMLInputElement).labels?.[0]?.textContent ?? '') || labelledBy || el.getAttribute('aria-label') || '';
    return { tag: el.tagName.toLowerCase(), role: el.getAttribute('role'), label: label.replace(/\s*\*\s*$/, '').trim(), inDialog: Boolean(el.closest('[role="dialog"]')), isDialog: el.getAttribute('role') === 'dialog' };
  });
}

/** The options of the open select list (not the native <option>s of the page-size select). */
function options(page: Page) {
  return page.getByRole('listbox').getByRole('option');
}

/** The admin's password change, its form filled with a wrong current password (not sent yet). */
async function wrongPasswordChange() {
  const signedIn = await e2e.signIn('admin@faena.pe', { path: '/perfil/clave' });
  await signedIn.page.getByLabel('Contraseña actual').fill('no-es-la-clave');
  await signedIn.page.getByLabel('Nueva contraseña', { exact: true }).fill('OtraClave2026!');
  await signedIn.page.getByLabel('Confirmar nueva contraseña').fill('OtraClave2026!');
  return signedIn;
}

/** Escape until the dialog has gone (the first may only close an open select list). */
async function closeDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  for (let i = 0; i < 3 && (await dialog.count()); i++) {
    await page.keyboard.press('Escape');
    await dialog.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => {});
  }
  expect(await dialog.count()).toBe(0);
}

describe('keyboard and form feedback (real Chromium)', () => {
  it("Horómetros: tabbing past the 'Equipo' filter keeps the list and the filter empty (4 of 4 tries)", async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/horometros' });
    const table = page.getByRole('table', { name: 'Horómetros' });
    await table.getByRole('row').nth(1).waitFor(WAIT);
    await table.and(page.locator('[aria-busy="false"]')).waitFor(WAIT);
    const rows = await table.getByRole('row').count();
    const equipo = page.getByRole('combobox', { name: 'Equipo' });
    for (let attempt = 1; attempt <= 4; attempt++) {
      await equipo.focus();
      // The list opens on focus and the machines arrive: the first one is highlighted.
      await options(page).first().waitFor(WAIT);
      await page.keyboard.press('Tab');
      await expect.poll(() => equipo.evaluate((el) => el === document.activeElement), WAIT).toBe(false);
      await options(page).first().waitFor({ state: 'detached', timeout: 5_000 });
      expect(new URL(page.url()).searchParams.get('id_equipo'), `try ${attempt}`).toBeNull();
      expect(await equipo.inputValue(), `try ${attempt}`).toBe('');
      expect(await table.getByRole('row').count(), `try ${attempt}`).toBe(rows);
    }
    // Typing a match and tabbing still chooses it.
    await equipo.focus();
    const first = (await options(page).first().innerText()).trim();
    await equipo.fill(first.slice(0, 6));
    await page.getByRole('option', { name: first }).first().waitFor(WAIT);
    await page.keyboard.press('Tab');
    await page.waitForURL((u) => u.searchParams.get('id_equipo') !== null, WAIT);
    await context.close();
  });

  it('dialogs start on their first field: new and edit (after loading), not on the dialog container', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/horometros' });
    const table = page.getByRole('table', { name: 'Horómetros' });
    await table.getByRole('row').nth(1).waitFor(WAIT);

    await page.getByRole('button', { name: 'Nuevo' }).click();
    const created = page.getByRole('dialog', { name: 'Nuevo registro de horómetro' });
    await created.getByLabel('Horómetro inicial').waitFor(WAIT);
    await expect.poll(() => focused(page), WAIT).toMatchObject({ role: 'combobox', label: 'Equipo', inDialog: true, isDialog: false });
    // The required 'Equipo' shows its asterisk (not part of its name).
    await expect.poll(() => created.locator('label', { hasText: 'Equipo' }).first().innerText()).toMatch(/^Equipo\s*\*$/);
    await closeDialog(page);

    // Editing: the machine is fixed, so the first field is the date, focused once the record is in.
    await rowAction(table.getByRole('row').nth(1), 'Editar');
    const edited = page.getByRole('dialog', { name: 'Editar registro de horómetro' });
    await edited.locator('form[aria-busy="false"]').waitFor(WAIT);
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'input', label: 'Fecha', inDialog: true });
    await closeDialog(page);

    // A catalogue's create dialog.
    await page.goto(`${e2e.baseUrl}/marcas`);
    await page.getByRole('button', { name: /^Nuev/ }).click();
    // (the dialog's own element has no size: wait for its form)
    await page.getByRole('dialog').locator('form[aria-busy="false"]').waitFor(WAIT);
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'input', inDialog: true, isDialog: false });
    await context.close();
  });

  it('a failed work-order save focuses the first invalid field; the banner links focus theirs', async () => {
    // An administrator is no supervisor: nobody is proposed, the required people start empty.
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/ordenes_trabajo/nuevo' });
    const apertura = dateInput(page, 'Apertura de la OT');
    await apertura.waitFor(WAIT);
    await settle(page);
    await apertura.fill('');
    await page.getByRole('button', { name: /^CIERRE MEC[AÁ]NICO$/ }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' });
    await banner.waitFor(WAIT).catch(async (e: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'faena-ot-feedback.png') });
      throw e;
    });
    // Focus on the first invalid field, in view.
    await expect.poll(() => focused(page), WAIT).toMatchObject({ role: 'combobox', label: 'Obra' });
    const obra = page.getByRole('combobox', { name: 'Obra', exact: true });
    // Moved there by the form, the select does not pop its list open over the form.
    expect(await options(page).count()).toBe(0);
    expect(await obra.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true);
    await page.keyboard.press('Escape');

    // One link per invalid field, in screen order, each naming its field and error.
    const links = banner.getByRole('link');
    await expect.poll(() => links.count(), WAIT).toBeGreaterThanOrEqual(6);
    const texts = await links.allInnerTexts();
    expect(texts.slice(0, 2)).toEqual(['Obra: Este campo es obligatorio', 'Equipo: Este campo es obligatorio']);
    expect(texts).toContain('Supervisor: Este campo es obligatorio');

    // (the people and the machine wait for the site: disabled, they cannot take focus yet)
    await banner.getByRole('link', { name: /^Apertura de la OT:/ }).click();
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'input', label: 'Apertura de la OT' });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await banner.getByRole('link', { name: /^Obra:/ }).click();
    await expect.poll(() => focused(page), WAIT).toMatchObject({ role: 'combobox', label: 'Obra' });
    expect(await obra.evaluate((el) => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })).toBe(true);
    await context.close();
  });
  it('a refused password change lists its field in the banner and focuses it (the same banner as every form)', async () => {
    const { context, page } = await wrongPasswordChange();
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    const banner = page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' });
    await banner.waitFor(WAIT);
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'input', label: 'Contraseña actual' });
    expect(await banner.getByRole('link').allInnerTexts()).toEqual(['Contraseña actual: La contraseña actual no es correcta']);
    await context.close();
  });

  it('a confirmation answers only once its dialog has closed and focus is back on the opener (the caller may then move it)', async () => {
    // The race this pins: the caller sent its request as soon as 'Confirmar' was clicked, and a
    // fast refusal focused the invalid field while the dialog was still leaving; Headless UI then
    // handed focus back to 'Cambiar contraseña'. Checked at the exact moment the caller goes on
    // (its request leaving the page), with no timing involved: the dialog must already be gone
    // and focus already back on the button, so whatever the caller focuses next stays focused.
    const { context, page } = await wrongPasswordChange();
    await page.evaluate(() => {
      const seen = window as unknown as { atSend?: { dialogs: number; focused: string | null } };
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (url.includes('/me/cambiarClave')) {
          seen.atSend = { dialogs: document.querySelectorAll('[role="alertdialog"]').length, focused: document.activeElement?.textContent?.trim() ?? null };
        }
        return send(input, init);
      };
    });
    await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).waitFor(WAIT);
    expect(await page.evaluate(() => (window as unknown as { atSend?: unknown }).atSend)).toEqual({ dialogs: 0, focused: 'Cambiar contraseña' });
    await expect.poll(() => focused(page), WAIT).toMatchObject({ tag: 'input', label: 'Contraseña actual' });
    await context.close();
  });
});
