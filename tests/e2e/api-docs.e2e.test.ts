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
    // Nothing of the reference is loaded for an anonymous visitor.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/scalar.js')))).toBe(false);
    await context.close();
  });

  it('a signed-in user sees every call of the API rendered, with no script blocked', async () => {
    const context = await e2e.newContext({ width: 1366, height: 900 });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await e2e.login(page, 'root@faena.pe');
    // Scalar's bundle is 4 MB of script: on a loaded machine its parse alone takes tens of seconds
    // (the page's load event waits for it), so the test waits for what the page shows instead.
    await page.goto(`${e2e.baseUrl}/api/docs`, { waitUntil: 'domcontentloaded' });
    await page.getByText('Faena API').first().waitFor({ timeout: 240_000 });
    // Every group of the route table is in the sidebar; opening one shows its calls.
    for (const group of ['marcas', 'ordenes_trabajo', 'equipos', 'users']) await page.getByText(group, { exact: true }).first().waitFor({ timeout: 60_000 });
    await page.getByText('marcas', { exact: true }).first().click();
    await page.getByText('Lista de Marcas').first().waitFor({ timeout: 60_000 });
    expect(await page.getByText('Ask AI').count()).toBe(0);
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/api-docs.png') });
    // One report is expected and harmless: the zod bundled in Scalar probes `Function('')` once to
    // choose between compiled and interpreted validation; the policy blocks it and zod interprets.
    const zodProbe = /CSP violation: script-src blocked eval at .*\/api\/docs\/scalar\.js/;
    expect(errors.filter((e) => /script-src|uncaught/.test(e) && !zodProbe.test(e))).toEqual([]);
    await context.close();
  }, 360_000);
});
