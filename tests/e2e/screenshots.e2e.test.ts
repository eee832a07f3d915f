import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { useE2e } from '../harness/e2e';

// The frame in each layout, at 1366×768 and on a 390 px wide phone, committed under
// docs/screenshots/ (seed 000 §2: layout1 with the navbar left or right, layout2, layout3).
const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');

async function useLayout(page: Page, layout: 'layout1' | 'layout2' | 'layout3', navbarPosition: 'left' | 'right' = 'left') {
  await page.evaluate(
    async ({ layout, navbarPosition }) => {
      const accounts = JSON.parse(localStorage.getItem('faena.accounts') ?? '[]') as { id: number; token: string }[];
      const current = Number(localStorage.getItem('faena.current'));
      const token = accounts.find((a) => a.id === current)?.token;
      const settings = { layout, navbarPosition, direction: 'ltr', themes: { main: 'light', navbar: 'dark', toolbar: 'light', footer: 'light' }, customScrollbars: true, animations: false, boxed: layout !== 'layout1' };
      await fetch('/api/me/update', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ settings }) });
    },
    { layout, navbarPosition },
  );
  await page.reload();
  // A table from 640 px, cards on a phone.
  await page.getByRole('table', { name: 'Marcas' }).or(page.getByRole('list', { name: 'Marcas' })).waitFor();
  await page.getByText('Caterpillar', { exact: true }).first().waitFor();
  await page.waitForTimeout(300);
}

describe('screenshots of the frame', () => {
  for (const [width, height, suffix] of [
    [1366, 768, '1366'],
    [390, 844, '390'],
  ] as const) {
    it(`layouts at ${width} px`, async () => {
      const { context, page } = await e2e.signIn('admin@faena.pe', { path: '/example', viewport: { width, height } });
      for (const [layout, position, name] of [
        ['layout1', 'left', 'layout1'],
        ['layout1', 'right', 'layout1-right'],
        ['layout2', 'left', 'layout2'],
        ['layout3', 'left', 'layout3'],
      ] as const) {
        await useLayout(page, layout, position);
        const file = join(shots, `frame-${name}-${suffix}.png`);
        await page.screenshot({ path: file });
        expect(statSync(file).size).toBeGreaterThan(10_000);
      }
      if (width === 390) {
        await useLayout(page, 'layout1');
        await page.getByRole('button', { name: 'Abrir menú' }).click();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(shots, 'frame-drawer-390.png') });
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: /^Notificaciones/ }).click();
        await page.getByRole('heading', { name: 'Notificaciones' }).waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: join(shots, 'notifications-panel-390.png') });
      }
      await context.close();
      expect(existsSync(join(shots, `frame-layout3-${suffix}.png`))).toBe(true);
    });
  }
});
