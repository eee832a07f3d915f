import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { addFirstSite, editRow, moveUpByKeyboard, newUserForm, projectRoot, rowAction, useE2e } from '../../../../tests/harness/e2e';

const e2e = useE2e();

/** The order of the entries of a group on /modules, as shown. */
async function modulesOf(page: Page, group: string): Promise<string[]> {
  const card = page.getByRole('list', { name: `Módulos de ${group}` });
  return card.locator(':scope > li').evaluateAll((items) => items.map((li) => li.querySelector('.text-sm')?.textContent ?? ''));
}

describe('administration screens /modules, /roles, /users (real Chromium, real API)', () => {
  it('root reorders the menu with the keyboard; the sidebar follows without a reload', async () => {
    const { context, page } = await e2e.signIn('root@faena.pe', { path: '/modules' });
    await page.getByRole('list', { name: 'Grupos del menú' }).waitFor();
    expect((await modulesOf(page, 'Administración')).slice(0, 2)).toEqual(['Módulos', 'Perfiles']);

    // 'Perfiles' one place up with the 'Mover' handle: Space, ArrowUp, Space.
    await moveUpByKeyboard(page.getByRole('list', { name: 'Módulos de Administración' }).getByRole('listitem').filter({ hasText: 'Perfiles' }));
    expect((await modulesOf(page, 'Administración')).slice(0, 2)).toEqual(['Perfiles', 'Módulos']);

    // The sidebar (GET /me again) shows the new order, in the user's menu language (es).
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect
      .poll(async () => {
        const labels = await nav.getByRole('link').allInnerTexts();
        const profiles = labels.findIndex((l) => l.includes('Perfiles'));
        return profiles >= 0 && profiles < labels.findIndex((l) => l.includes('Módulos'));
      })
      .toBe(true);
    await context.close();
  });

  it('the profile form applies the permission rules and saves them; master data is not offered outside the admin profile', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/roles' });
    const row = page.getByRole('row').filter({ hasText: 'mecánico' });
    const dialog = await editRow(row);
    await dialog.getByLabel('Ver: KPIs de equipos').waitFor();
    await expect.poll(() => dialog.getByLabel('Editar: Órdenes de trabajo').isChecked()).toBe(true);

    // Seed 001 §2: master data stays with the admin profile; its boxes are disabled and say why.
    const why = 'Los datos maestros son exclusivos del perfil administrador: no se pueden dar a este perfil.';
    for (const name of ['Ver: Marcas', 'Editar: Marcas', 'Ver: Materiales', 'Ver: Maestros']) expect(await dialog.getByLabel(name).isDisabled(), name).toBe(true);
    expect(await dialog.getByText(why).isVisible()).toBe(true);
    expect(await dialog.getByLabel('Ver: Marcas').getAttribute('aria-describedby')).toBe(await dialog.getByText(why).getAttribute('id'));

    // A child's edit turns its group on; edit implies see.
    await dialog.getByLabel('Editar: KPIs de equipos').check();
    expect(await dialog.getByLabel('Ver: KPIs de equipos').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Ver: Reportes').isChecked()).toBe(true);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await rowAction(row, 'Editar');
    await expect.poll(() => page.getByRole('dialog').getByLabel('Editar: KPIs de equipos').isChecked()).toBe(true);
    expect(await page.getByRole('dialog').getByLabel('Ver: Marcas').isChecked()).toBe(false);
    await context.close();
  });

  it("an administrator assigns a site to a worker and signs in as another user", async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/users' });
    const carlos = page.getByRole('row').filter({ hasText: 'Carlos' });
    const dialog = await editRow(carlos);
    await addFirstSite(dialog);
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A new system user without e-mail: the server's field error shows under the field.
    const form = await newUserForm(page, { perfil: 'mecánico', nombre: 'Rubén', apellidos: 'Salas Núñez', documento: '47001122' });
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('El correo es obligatorio para usuarios del sistema', { exact: true }).waitFor();
    expect(await form.getByRole('textbox', { name: 'Correo electrónico' }).getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click(); // 'Los datos que ha introducido se perderán.'
    await form.waitFor({ state: 'detached' });

    await rowAction(carlos, 'Iniciar sesión como');
    await page.getByText('Estás a punto de iniciar sesión como Carlos.').waitFor();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL((u) => u.pathname !== '/users');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('faena.accounts'))) ?? '[]') as { name: string }[];
    expect(stored.map((a) => a.name).sort()).toEqual(['Ana', 'Carlos']);
    await context.close();
  });
  it('the users form grants the request flags and uploads the worker’s signature (issue 13 §15, §21)', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/users?query=Ccori', viewport: { width: 1366, height: 1300 } });
    const luis = page.getByRole('row').filter({ hasText: 'Luis' });
    await rowAction(luis, 'Editar');
    const dialog = page.getByRole('dialog');
    const create = dialog.getByRole('switch', { name: 'Puede crear solicitudes' });
    const approve = dialog.getByRole('switch', { name: 'Puede aprobar solicitudes' });
    await create.waitFor();
    await dialog.getByRole('textbox', { name: 'Documento' }).and(dialog.locator('[value="44567890"]')).waitFor();
    expect(await create.getAttribute('aria-checked')).toBe('false');
    expect(await approve.getAttribute('aria-checked')).toBe('false');
    await create.click();
    await approve.click();
    await dialog.locator('input[type="file"]').setInputFiles(join(projectRoot, 'tests/fixtures/firma-200x120.jpg'));
    await dialog.getByText('firma.jpg').waitFor(); // fitted to 200 × 120 JPG when picked
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [saved] = await e2e.sql<{ can_create_request: number; can_approve_requests: number; pic_firma: string | null }[]>`
      SELECT can_create_request, can_approve_requests, pic_firma FROM rm_users WHERE email = 'mecanico@faena.pe'`;
    expect(saved).toMatchObject({ can_create_request: 1, can_approve_requests: 1 });
    expect(saved.pic_firma).toMatch(/^[0-9a-f]{32}\.jpg$/);

    // Opened again: both flags on and the stored signature shown.
    await rowAction(luis, 'Editar');
    await dialog.getByRole('img', { name: 'Firma' }).waitFor();
    expect(await dialog.getByRole('switch', { name: 'Puede crear solicitudes' }).getAttribute('aria-checked')).toBe('true');
    expect(await dialog.getByRole('switch', { name: 'Puede aprobar solicitudes' }).getAttribute('aria-checked')).toBe('true');
    await dialog.getByRole('switch', { name: 'Puede aprobar solicitudes' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/usuarios-form-flags-firma.png'), animations: 'disabled' });
    await context.close();
  }, 120_000);
});
