import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { rowAction, useE2e } from '../harness/e2e';

const e2e = useE2e();

describe('/sessions (real Chromium)', () => {
  it("an administrator closes another user's session; that user is sent back to sign in", async () => {
    const { context: userContext, page: userPage } = await e2e.signIn('jefe@faena.pe');

    const { context: adminContext, page } = await e2e.signIn('admin@faena.pe', { path: '/sessions?activas=1' });
    await page.getByRole('table', { name: 'Sesiones' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Jorge Huamán Torres' }).first();
    await row.waitFor();
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/sessions-1366.png') });
    await rowAction(row, 'Cerrar sesión');
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
