import { describe, expect, it } from 'vitest';
import { axeFindings, axeSummary, type AxeFinding } from '../harness/axe';
import { rowAction, useE2e } from '../harness/e2e';
import { replicaParam, screenRoutes, settle, visitEveryScreen, type ScreenStop } from '../harness/visit-every-screen';

// Issue 14 §1: the accessibility gate. Signed in as root, one browser: every screen of the web
// route table, its 'Nuevo' dialog or page, the first row's record dialogs, the shell's panels, the
// user menu and a confirmation; axe (WCAG 2.0/2.1 A and AA, best practices) on each, failing on any
// critical or serious finding. A new screen is walked without touching this file.
const e2e = useE2e();

type Found = AxeFinding & { screen: string };

function where(stop: ScreenStop): string {
  return stop.opened === null ? stop.path : `${stop.path} › ${stop.opened}`;
}

describe('accessibility gate (axe-core, real Chromium)', () => {
  it('every screen, form, dialog, the board and the profile: no critical or serious violation', async () => {
    const started = Date.now();
    const context = await e2e.newContext();
    const page = await context.newPage();
    await e2e.login(page, 'root@faena.pe');
    const found: Found[] = [];
    const check = async (screen: string) => {
      for (const f of await axeFindings(page)) found.push({ ...f, screen });
    };
    const stops = await visitEveryScreen(page, e2e.baseUrl, {
      param: replicaParam(e2e.sql),
      atStop: (p, stop) => check(where(stop)),
    });

    try {
      // What the walk does not open: the user menu and a confirmation (Escape cancels it).
      await page.goto(`${e2e.baseUrl}/`);
      await settle(page);
      await page.getByRole('button', { name: /menú de usuario/i }).click();
      await page.getByRole('menu').waitFor();
      await check('/ › menú de usuario');
      await page.keyboard.press('Escape');
      await page.goto(`${e2e.baseUrl}/marcas`);
      await settle(page);
      await rowAction(page.getByRole('table').getByRole('row').nth(1), 'Desactivar');
      // (the dialog's own element has no size: wait for its panel's buttons)
      await page.getByRole('alertdialog').getByRole('button', { name: 'Confirmar' }).waitFor();
      await check('/marcas › confirmación');
      await page.keyboard.press('Escape');
    } finally {
      console.log(`axe on ${stops.length + 2} stops in ${((Date.now() - started) / 1000).toFixed(1)} s; critical and serious findings by rule:`);
      for (const line of axeSummary(found)) console.log(`  ${line}`);
    }
    await context.close();

    const screens = new Set(stops.filter((s) => s.opened === null).map((s) => s.path));
    expect(screens.size).toBe(screenRoutes().filter((r) => r.signedIn).length);
    for (const must of ['/ordenes_trabajo/tablero', '/perfil/datos', '/horometros', '/ordenes_trabajo/nuevo']) expect(screens, must).toContain(must);
    expect(stops.filter((s) => s.opened === 'Nuevo').length).toBeGreaterThan(10);
    expect(stops.filter((s) => s.opened === 'Editar').length).toBeGreaterThan(10);

    const report = found.map((f) => `${f.rule} (${f.impact}) on ${f.screen}: ${f.target} — ${f.summary}`);
    expect(report).toEqual([]);
  }, 900_000);
});
