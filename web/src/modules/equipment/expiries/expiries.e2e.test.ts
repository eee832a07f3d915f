import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { businessToday } from '@shared/time';
import { axeFindings } from '../../../../../tests/harness/axe';
import { rowAction, useE2e, projectRoot } from '../../../../../tests/harness/e2e';
import { createTestEquipo } from '../../../../../tests/harness/equipment';

// /vencimientos in real Chromium (issue 20): the fleet chief finds a machine whose SOAT expires
// in 3 days, narrows the list to expired documents and back, and opens the machine; the phone
// shows cards. Screenshot docs/screenshots/vencimientos.png.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };
const plus = (days: number) => new Date(Date.parse(`${businessToday(new Date())}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('/vencimientos (real Chromium, real API)', () => {
  it('lists a SOAT about to expire, filters expired ones, opens the machine; axe-clean at 1366 and 390 px', async () => {
    const codigo = `VE-${String(Date.now()).slice(-5)}`;
    await createTestEquipo(e2e.store, { codigo, soat_vence: plus(3) });
    const { context, page } = await e2e.signIn('jefe@faena.pe', { path: '/vencimientos', viewport: { width: 1366, height: 768 } });
    const table = page.getByRole('table', { name: 'Vencimientos' });
    const row = table.getByRole('row').filter({ hasText: codigo });
    await row.waitFor(WAIT);
    expect(await row.innerText()).toContain('3 días');
    await page.screenshot({ path: join(projectRoot, 'docs/screenshots/vencimientos.png') });
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(`${e2e.baseUrl}/vencimientos?vencido=1`);
    await table.getByRole('row').nth(1).waitFor(WAIT);
    await expect.poll(() => row.count(), WAIT).toBe(0);
    await page.goto(`${e2e.baseUrl}/vencimientos?query=${codigo}`);
    await row.waitFor(WAIT);
    await rowAction(row, 'Ver equipo');
    await page.waitForURL(/\/equipos\?/, WAIT);
    await context.close();

    const phone = await e2e.signIn('jefe@faena.pe', { path: `/vencimientos?query=${codigo}`, viewport: { width: 390, height: 844 } });
    const card = phone.page.getByRole('list', { name: 'Vencimientos', exact: true }).getByRole('listitem').filter({ hasText: codigo });
    await card.waitFor(WAIT);
    expect(await phone.page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth)).toBe(0);
    expect(await axeFindings(phone.page)).toEqual([]);
    await phone.context.close();
  }, 180_000);
});
