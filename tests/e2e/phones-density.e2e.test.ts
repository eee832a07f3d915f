import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { useE2e } from '../harness/e2e';
import { firstRowId, screenPath, screenRoutes, settle } from '../harness/visit-every-screen';

// Issue 14 §5 and §8: every list and form of the route table on a 390×844 phone (no sideways page
// scroll; list rows as cards that open their record with one tap on a target at least 44 px high),
// and the density of the lists on a 1366×768 laptop with the sidebar open (15 rows of the OT list
// in view, Equipos without a horizontal scroll). Writes the 'after' screenshots of docs/screenshots.
const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

/** Lists whose rows have no record to open (the card shows the row, its menu acts on it). */
const NO_RECORD: Record<string, string> = {
  '/sessions': 'a session is only closed, from its menu',
};

/** How far the page scrolls sideways (0: not at all). */
const sideways = (page: Page) => page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);

/** What sticks out past the right edge first (an element outside whose parent is inside), to name in a failure. */
const culprits = (page: Page) =>
  page.evaluate(() => {
    const edge = document.scrollingElement!.clientWidth + 1;
    const out = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > edge && (el.parentElement?.getBoundingClientRect().right ?? 0) <= edge);
    return out.slice(0, 3).map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(' ').slice(0, 4).join('.')}`).join(', ');
  });

/** The phone's list cards of the screen's list (named by its title), if it shows cards. */
async function cardsOf(page: Page) {
  const title = (await page.getByRole('heading', { level: 1 }).first().innerText().catch(() => '')).trim();
  return title ? page.getByRole('list', { name: title, exact: true }).getByRole('listitem') : null;
}

/** The button of a card that opens its record: named by its content (the detail toggle and the
 * menu carry their own names). */
const opener = (card: ReturnType<Page['locator']>) => card.locator('button:not([aria-label])').first();

describe('phones and density (real Chromium)', () => {
  it('at 390×844 no list or form scrolls sideways, and every list card opens its record with one tap on a ≥ 44 px target', async () => {
    const { context, page } = await e2e.signIn('root@faena.pe', { viewport: { width: 390, height: 844 } });
    const problems: string[] = [];
    let lists = 0;
    for (const route of screenRoutes().filter((r) => r.signedIn)) {
      const values: Record<string, string> = {};
      for (const name of route.params) {
        const id = route.id.endsWith('/replicar')
          ? String((await e2e.sql`SELECT id FROM rm_ordenes_trabajo WHERE estado = 3 AND id_replica IS NULL ORDER BY id LIMIT 1`)[0].id)
          : await firstRowId(page, e2e.baseUrl, route);
        values[name] = id ?? '';
      }
      const path = screenPath(route, values);
      await page.goto(`${e2e.baseUrl}${path}`);
      await settle(page);
      if ((await sideways(page)) > 0) problems.push(`${path} scrolls sideways by ${await sideways(page)} px (${await culprits(page)})`);

      // The work order's sticky action bar: at most 10 % of the phone's height.
      if (/^\/ordenes_trabajo\/(nuevo|\d+\/editar)$/.test(path)) {
        const bar = await page.getByRole('button', { name: 'Volver', exact: true }).evaluate((b) => b.parentElement!.getBoundingClientRect().height);
        if (bar > 844 * 0.1) problems.push(`${path}: the action bar is ${bar} px high`);
      }

      const cards = await cardsOf(page);
      const count = cards ? await cards.count() : 0;
      if (!cards || count === 0) continue;
      lists++;
      if (NO_RECORD[path]) continue;
      // Protected rows (a finished request, the root profile) take no action, so they open nothing either.
      const heights = await cards.evaluateAll((lis) => lis.map((li) => (li.hasAttribute('data-protected') ? null : (li.querySelector('button:not([aria-label])')?.getBoundingClientRect().height ?? 0))));
      heights.forEach((h, i) => {
        if (h !== null && h < 44) problems.push(`${path}: card ${i + 1} opens on ${h ? `${h} px` : 'no button'}`);
      });
      const first = heights.findIndex((h) => h !== null);
      if (first < 0) continue;
      // One tap on the first card opens its record: a page, a dialog or its detail.
      const before = page.url();
      const dialogs = await page.getByRole('dialog').count();
      const target = opener(cards.nth(first));
      await target.click();
      await expect
        .poll(async () => page.url() !== before || (await page.getByRole('dialog').count()) > dialogs || (await cards.nth(first).getByRole('button', { name: 'Ocultar detalle' }).count()) > 0, { timeout: 10_000 })
        .toBe(true)
        .catch(() => problems.push(`${path}: a tap on the first card opened nothing`));
      await settle(page);
      if ((await sideways(page)) > 0) problems.push(`${path}: the record opened from a card scrolls sideways (${await culprits(page)})`);
    }
    expect(problems).toEqual([]);
    expect(lists).toBeGreaterThan(25);
    await context.close();
  }, 300_000);

  it('at 1366×768 with the sidebar open the OT list shows 15 rows, Equipos fits its card and the board shows four sites and a cue for more; the phone shows cards and a filter sheet', async () => {
    const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/ordenes_trabajo' });
    expect((await page.getByRole('complementary', { name: 'Navegación' }).boundingBox())!.width).toBeGreaterThan(200);
    const table = page.getByRole('table', { name: 'Órdenes de trabajo' });
    await table.getByRole('row').nth(15).waitFor();
    await settle(page);
    const inView = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).filter((r) => r.getBoundingClientRect().bottom <= window.innerHeight).length);
    expect(inView).toBeGreaterThanOrEqual(15);
    // One line per row: no row taller than the compact height.
    const heights = await table.getByRole('row').evaluateAll((rows) => rows.slice(1).map((r) => Math.round(r.getBoundingClientRect().height)));
    expect(Math.max(...heights)).toBeLessThanOrEqual(34);
    await page.screenshot({ path: join(shots, 'ot-list-after-1366.png') });

    await page.goto(`${e2e.baseUrl}/equipos`);
    const equipos = page.getByRole('table', { name: 'Equipos' });
    await equipos.getByRole('row').nth(2).waitFor();
    await settle(page);
    expect(await equipos.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBe(0);
    expect(await sideways(page)).toBe(0);

    // The board: four site columns in view, and a visible way to the others.
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo/tablero`);
    const columns = page.getByRole('region', { name: /^Obra / });
    await columns.first().waitFor();
    await settle(page);
    const inside = await columns.evaluateAll((cs) => cs.filter((c) => c.getBoundingClientRect().right <= window.innerWidth).length);
    expect(inside).toBeGreaterThanOrEqual(Math.min(4, await columns.count()));
    if ((await columns.count()) > inside) {
      await page.getByRole('button', { name: 'Más obras' }).click();
      await page.getByRole('button', { name: 'Obras anteriores' }).waitFor();
    }

    // The same page on a phone: cards, and the filters in a sheet that counts the active ones.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.baseUrl}/ordenes_trabajo?estado=1`);
    const cards = page.getByRole('list', { name: 'Órdenes de trabajo' }).getByRole('listitem');
    await cards.nth(2).waitFor();
    await settle(page);
    const first = await cards.first().innerText();
    expect(first).toMatch(/OT-\d+/);
    expect(first).toContain('Abierto');
    expect(first).toContain('Obra:');
    expect(first).toContain('Equipo:');
    await cards.first().getByRole('button', { name: 'Acciones' }).waitFor();
    await page.screenshot({ path: join(shots, 'ot-list-after-390.png') });
    await page.getByRole('button', { name: 'Filtros (1 activos)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Filtros' });
    await sheet.getByRole('button', { name: 'Rango de fechas' }).waitFor();
    await sheet.getByText('Obra', { exact: true }).waitFor();
    await sheet.getByRole('button', { name: 'Ver resultados' }).click();
    await sheet.waitFor({ state: 'detached' });

    await page.goto(`${e2e.baseUrl}/marcas`);
    await page.getByRole('list', { name: 'Marcas' }).getByRole('listitem').filter({ hasText: 'Caterpillar' }).waitFor();
    await settle(page);
    await page.screenshot({ path: join(shots, 'marcas-after-390.png') });
    await context.close();
  }, 120_000);
});
