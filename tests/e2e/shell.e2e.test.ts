import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { openMenu, useE2e } from '../harness/e2e';

const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

async function apiAs(email: string) {
  // A second session through the API, as another user would have (captcha solved in Node).
  const { solveCaptcha } = await import('../../services/api/auth/internal/captcha');
  const challenge = (await (await fetch(`${e2e.baseUrl}/api/auth/captcha`)).json()).challenge;
  const res = await fetch(`${e2e.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'Faena2026!', token_captcha: await solveCaptcha(challenge), platform: 'test' }),
  });
  const body = await res.json();
  return async (method: string, path: string, json?: unknown) =>
    (await fetch(`${e2e.baseUrl}/api${path}`, { method, headers: { authorization: `Bearer ${body.token}`, 'content-type': 'application/json' }, body: json ? JSON.stringify(json) : undefined })).json();
}

describe('the frame (real Chromium)', () => {
  it('switches between stored accounts and changes the user without signing in again', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/login/add_account`);
    await page.getByRole('heading', { name: 'Agregar cuenta' }).waitFor();
    await e2e.login(page, 'jefe@faena.pe');
    await page.getByRole('button', { name: /Menú de usuario: Jorge/ }).waitFor();
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: /Ana Quispe Rojas/ }).click();
    await page.getByRole('button', { name: /Menú de usuario: Ana/ }).waitFor({ timeout: 30_000 });
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('faena.accounts') ?? '[]').length);
    expect(stored).toBe(2);
    await context.close();
  });

  it("switching the language to 'ar' mirrors the whole layout (screenshot)", async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await e2e.login(page, 'admin@faena.pe');
    await page.goto(`${e2e.baseUrl}/example`);
    await page.getByRole('table').waitFor();
    await (await openMenu(page, page.getByRole('button', { name: /Idioma del menú/ }))).getByRole('menuitem', { name: /العربية/ }).click();
    await page.waitForFunction(() => document.documentElement.dir === 'rtl', null, { timeout: 30_000 });
    await page.getByRole('link', { name: 'أوامر العمل' }).first().waitFor();
    // The navbar sits on the right: mirrored, not only the text.
    const nav = await page.getByRole('navigation', { name: 'Menú principal' }).first().boundingBox();
    expect(nav!.x).toBeGreaterThan(600);
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, 'frame-ar-rtl-1366.png') });
    await context.close();
  });

  it('a notification created through the API by another session appears as a toast within 2 s', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await e2e.login(page, 'mecanico@faena.pe');
    await page.getByRole('button', { name: /^Notificaciones/ }).waitFor();
    await page.waitForTimeout(500); // the socket connects after the frame renders
    const [user] = await e2e.sql`SELECT id FROM rm_users WHERE email = 'mecanico@faena.pe'`;
    const admin = await apiAs('admin@faena.pe');
    const started = Date.now();
    const sent = await admin('POST', '/live/enviarNotificacion', { id_user: user.id, contenido: 'OT-0042 lista para cierre' });
    expect(sent.ok).toBe(true);
    await page.getByText('OT-0042 lista para cierre').first().waitFor({ timeout: 2000 });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeLessThan(2000);
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shots, 'notifications-panel-1366.png') });
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('an expired (revoked) session shows "La sesión ha expirado" and returns to /login', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    await e2e.login(page, 'asistente@faena.pe');
    await page.goto(`${e2e.baseUrl}/obras`);
    await page.getByRole('table').waitFor();
    const [session] = await e2e.sql`SELECT s.id FROM auth_sessions s JOIN rm_users u ON u.id = s.id_user
      WHERE u.email = 'asistente@faena.pe' AND s.date_deleted IS NULL ORDER BY s.date_created DESC LIMIT 1`;
    const admin = await apiAs('admin@faena.pe');
    expect((await admin('GET', `/sessions/remove?id=${session.id}`)).ok).toBe(true);
    await page.getByRole('button', { name: 'Ordenar por Nombre' }).or(page.getByRole('columnheader', { name: /Nombre/ })).first().click();
    await page.getByText('La sesión ha expirado').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 30_000 });
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('faena.accounts') ?? '[]').length)).toBe(0);
    await context.close();
  });
});
