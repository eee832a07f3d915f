import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { useE2e } from '../harness/e2e';

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

describe('sign-in, guard, accounts, language, session expiry (real Chromium)', () => {
  it('signs in with the captcha; a wrong password shows the server message and resets the captcha', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/login`);
    const ingresar = page.getByRole('button', { name: 'Ingresar' });
    await expect(ingresar.isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: join(shots, 'login-1366.png') });

    await page.getByLabel('Correo electrónico').fill('jefe@faena.pe');
    await page.getByLabel('Contraseña').fill('incorrecta-123');
    await expect(ingresar.isDisabled()).resolves.toBe(true); // captcha not solved yet
    await page.getByRole('button', { name: /No soy un robot/ }).click();
    await page.getByText('Verificado').waitFor({ timeout: 30_000 });
    await ingresar.click();
    await page.getByRole('alert').filter({ hasText: 'Correo o contraseña incorrectos' }).first().waitFor();
    // The captcha was reset after the failure: Ingresar is disabled again until it is solved.
    await page.getByRole('button', { name: /No soy un robot/ }).waitFor();
    await expect(ingresar.isDisabled()).resolves.toBe(true);

    await page.getByLabel('Contraseña').fill('Faena2026!');
    await page.getByRole('button', { name: /No soy un robot/ }).click();
    await page.getByText('Verificado').waitFor({ timeout: 30_000 });
    await ingresar.click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.getByRole('navigation', { name: 'Menú principal' }).first().waitFor();
    await page.screenshot({ path: join(shots, 'frame-layout1-1366.png') });
    await context.close();
  });

  it('the route guard sends an anonymous visitor to /login and back to the wanted address', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/perfil/clave?x=1`);
    await page.waitForURL((u) => u.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/perfil/clave?x=1');
    await e2e.login(page, 'supervisor@faena.pe');
    await page.waitForURL((u) => u.pathname === '/perfil/clave');
    await page.getByRole('heading', { name: 'Perfil' }).waitFor();
    await context.close();
  });

  it('the sign-in page on a 390 px phone', async () => {
    const context = await e2e.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${e2e.baseUrl}/login`);
    await page.getByRole('button', { name: 'Ingresar' }).waitFor();
    await page.screenshot({ path: join(shots, 'login-390.png') });
    await context.close();
  });
});
