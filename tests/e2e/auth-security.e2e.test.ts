import { describe, expect, it } from 'vitest';
import { hashToken } from '../../services/api/platform/principal';
import { useE2e } from '../harness/e2e';

// Issue 13 §11 and §5 in the browser: the reset page sends the new password in a POST body, never
// in a URL; the sign-in's captcha is asked for the e-mail typed, so its cost can follow the account.
const e2e = useE2e();

describe('recovery and sign-in requests (real Chromium)', () => {
  it('the reset page saves the new password with POST /recover/save, nothing of it in the URL', async () => {
    const token = 'enlace-de-prueba-del-navegador-1';
    const [user] = await e2e.sql`SELECT id FROM rm_users WHERE email = 'asistente@faena.pe'`;
    await e2e.sql`INSERT INTO auth_recovery_tokens (token_hash, id_user, expires_at) VALUES (${hashToken(token)}, ${user.id}, now() + interval '1 hour')`;
    const context = await e2e.newContext();
    const page = await context.newPage();
    const sent: { method: string; url: string; body: string | null }[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/recover/save')) sent.push({ method: r.method(), url: r.url(), body: r.postData() });
    });
    await page.goto(`${e2e.baseUrl}/recover_password/${token}`);
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('Navegador2027');
    await page.getByRole('textbox', { name: 'Repetir contraseña' }).fill('Navegador2027');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).not.toContain('Navegador2027');
    expect(new URL(sent[0].url).search).toBe('');
    expect(JSON.parse(sent[0].body ?? '{}')).toMatchObject({ token_recover: token, password1: 'Navegador2027', password2: 'Navegador2027' });
    await e2e.login(page, 'asistente@faena.pe', 'Navegador2027');
    await context.close();
  });

  it('the captcha is asked for the e-mail typed', async () => {
    const context = await e2e.newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/auth/captcha')) asked.push(r.url());
    });
    await e2e.login(page, 'jefe@faena.pe');
    expect(asked.map((u) => new URL(u).searchParams.get('username'))).toEqual(['jefe@faena.pe']);
    await context.close();
  });
});
