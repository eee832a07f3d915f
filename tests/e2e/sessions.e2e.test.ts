import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { useE2e } from '../harness/e2e';

const e2e = useE2e();

describe('/sessions (real Chromium)', () => {
  it("an administrator closes another user's session; that user is sent back to sign in", async () => {
    const userContext = await e2e.newContext();
    const userPage = await userContext.newPage();
    await e2e.login(userPage, 'jefe@faena.pe');

    const adminContext = await e2e.newContext();
    const page = await adminContext.newPage();
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/sessions?activas=1`);
    await page.getByRole('table', { name: 'Sesiones' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Jorge Huamán Torres' }).first();
    await row.waitFor();
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/sessions-1366.png') });
    await row.getByRole('button', { name: 'Acciones' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Eliminado correctamente').first().waitFor();
    await page.getByRole('row').filter({ hasText: 'Jorge Huamán Torres' }).first().waitFor({ state: 'detached' });

    // The closed session's socket is disconnected and its next request answers session_expired.
    await userPage.reload();
    await userPage.getByText('La sesión ha expirado').waitFor({ timeout: 30_000 });
    await userPage.getByRole('button', { name: 'Aceptar' }).click();
    await userPage.waitForURL((u) => u.pathname === '/login');
    expect(await userPage.evaluate(() => localStorage.getItem('faena.accounts'))).toBe('[]');
    await userContext.close();
    await adminContext.close();
  });
});
