import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { useE2e } from '../harness/e2e';
import { watchPageErrors } from '../harness/visit-every-screen';

// /api/docs: the interactive reference of the OpenAPI document (Scalar, served as files under the
// page's Content-Security-Policy), for signed-in users only.
const e2e = useE2e();

describe('/api/docs (real Chromium)', () => {
  it('without a session the page asks for sign-in and shows no API', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/api/docs`);
    await page.getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText('Lista de Marcas').count()).toBe(0);
    await context.close();
  });

  it('a signed-in user sees every call of the API rendered, with no script blocked', async () => {
    const context = await e2e.newContext({ width: 1366, height: 900 });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await e2e.login(page, 'root@faena.pe');
    await page.goto(`${e2e.baseUrl}/api/docs`);
    await page.getByText('Faena API').first().waitFor({ timeout: 30_000 });
    await page.getByText('Lista de Marcas').first().waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/api-docs.png') });
    expect(errors.filter((e) => /script-src|uncaught/.test(e))).toEqual([]);
    await context.close();
  });
});
