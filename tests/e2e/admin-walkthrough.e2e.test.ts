import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addFirstSite, editRow, moveUpByKeyboard, newUserForm, rowAction, shots, useE2e } from '../harness/e2e';

// Issue: administration. An administrator walks the screens; a worker with a limited profile sees
// only what the profile allows, and loses a right live when the administrator removes it.
const e2e = useE2e();

async function menuLabels(page: Page) {
  return page.getByRole('navigation', { name: 'Menú principal' }).first().getByRole('link').allInnerTexts();
}

describe('administration walkthrough (real Chromium, real API)', () => {
  // Four steps of one story, run in order (each well inside the test timeout on a busy machine).
  it('root reorders two modules with the keyboard and the sidebar follows', async () => {
    const { context: rootContext, page: root } = await e2e.signIn('root@faena.pe', { path: '/modules' });
    await root.getByRole('list', { name: 'Grupos del menú' }).waitFor();
    await moveUpByKeyboard(root.getByRole('list', { name: 'Módulos de Maestros' }).getByRole('listitem').filter({ hasText: 'Marcas' }));
    await expect
      .poll(async () => {
        const labels = await menuLabels(root);
        return labels.findIndex((l) => l.includes('Marcas')) < labels.findIndex((l) => l.includes('Conversión de unidades'));
      })
      .toBe(true);
    await root.screenshot({ path: join(shots, 'modules-1366.png') });
    await rootContext.close();
  });

  it('the administrator creates a limited profile and a worker with a site', async () => {
    // The administrator creates a profile with limited rights: see the example list and the
    // resources (master data such as brands stays with the administrator profile, seed 001 §2).
    const { context: adminContext, page: admin } = await e2e.signIn('admin@faena.pe', { path: '/roles' });
    await admin.getByRole('button', { name: 'Nuevo' }).click();
    const roleForm = admin.getByRole('dialog');
    await roleForm.getByRole('textbox', { name: 'Nombre' }).fill('Consulta de recursos');
    await roleForm.getByLabel('Ver: Ejemplo').check();
    await roleForm.getByLabel('Ver: Recursos').check();
    expect(await roleForm.getByLabel('Editar: Recursos').isChecked()).toBe(false);
    await admin.screenshot({ path: join(shots, 'roles-form-1366.png') });
    await roleForm.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Guardado correctamente').first().waitFor();
    await admin.getByRole('row').filter({ hasText: 'Consulta de recursos' }).waitFor();
    await admin.screenshot({ path: join(shots, 'roles-1366.png') });

    // A worker with that profile, e-mail and password; then a site assignment.
    await admin.goto(`${e2e.baseUrl}/users`);
    let form = await newUserForm(admin, { perfil: 'Consulta de recursos', nombre: 'Rosa', apellidos: 'Quispe Huanca', documento: '45678123' });
    await form.getByRole('textbox', { name: 'Correo electrónico' }).fill('rosa.quispe@faena.pe');
    await form.getByLabel('Contraseña').fill('Marcas2026x');
    await form.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Guardado correctamente').first().waitFor();
    // The demo staff fills more than a page: find the new worker by the list's search.
    await admin.getByPlaceholder('Buscar nombre, correo o documento').fill('45678123');
    form = await editRow(admin.getByRole('row').filter({ hasText: 'Quispe Huanca' }));
    await addFirstSite(form);
    await admin.screenshot({ path: join(shots, 'users-form-1366.png') });
    await form.getByRole('button', { name: 'Cancelar' }).click();
    await form.waitFor({ state: 'detached' });
    await admin.screenshot({ path: join(shots, 'users-1366.png') });
    await adminContext.close();
  });

  it('the worker sees only what the profile allows, and loses a right live when it is removed', async () => {
    const { context: adminContext, page: admin } = await e2e.signIn('admin@faena.pe');
    // The worker signs in elsewhere: only the allowed menu, and no 'Nuevo' without edit.
    const workerContext = await e2e.newContext();
    const worker = await workerContext.newPage();
    await e2e.login(worker, 'rosa.quispe@faena.pe', 'Marcas2026x');
    await worker.goto(`${e2e.baseUrl}/recursos`);
    await worker.getByRole('table').getByRole('row').nth(1).waitFor();
    expect((await menuLabels(worker)).map((l) => l.trim()).sort()).toEqual(['Ejemplo', 'Recursos']);
    expect(await worker.getByRole('button', { name: 'Nuevo' }).count()).toBe(0);

    // The administrator removes the resources right; the worker's menu changes without a reload.
    await admin.goto(`${e2e.baseUrl}/roles`);
    const roleRow = admin.getByRole('row').filter({ hasText: 'Consulta de recursos' });
    await rowAction(roleRow, 'Editar');
    const again = admin.getByRole('dialog');
    await again.getByLabel('Ver: Recursos').waitFor();
    await again.getByLabel('Ver: Recursos').uncheck();
    await again.getByRole('button', { name: 'Guardar' }).click();
    await admin.getByText('Guardado correctamente').first().waitFor();
    await expect.poll(async () => (await menuLabels(worker)).map((l) => l.trim()), { timeout: 30_000 }).toEqual(['Ejemplo']);
    await adminContext.close();
    await workerContext.close();
  });

  it('the profile’s history, the activity log and the administration screens', async () => {
    const { context: adminContext, page: admin } = await e2e.signIn('admin@faena.pe');
    // The profile's history, from its row: who changed what, before → after.
    await admin.goto(`${e2e.baseUrl}/roles`);
    const roleRow = admin.getByRole('row').filter({ hasText: 'Consulta de recursos' });
    await rowAction(roleRow, 'Historial');
    await admin.getByText('Ana Quispe Rojas').first().waitFor();
    await admin.getByText('perms').first().waitFor();
    await admin.waitForTimeout(400);
    await admin.screenshot({ path: join(shots, 'record-history-1366.png') });
    await admin.keyboard.press('Escape');

    // 'login as' and the record history come from the event log.
    await admin.goto(`${e2e.baseUrl}/logs`);
    await admin.getByRole('table').waitFor();
    await admin.screenshot({ path: join(shots, 'logs-1366.png') });
    for (const [path, name] of [
      ['/settings', 'settings-1366.png'],
      ['/settings?t=empresa', 'settings-empresa-1366.png'],
      ['/legal', 'legal-1366.png'],
      ['/sessions', 'sessions-admin-1366.png'],
    ] as const) {
      await admin.goto(`${e2e.baseUrl}${path}`);
      await admin.waitForLoadState('networkidle');
      await admin.waitForTimeout(400);
      await admin.screenshot({ path: join(shots, name) });
    }
    await adminContext.close();
  });
});
