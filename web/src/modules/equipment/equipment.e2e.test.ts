import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { rowAction, useE2e, projectRoot } from '../../../../tests/harness/e2e';

// /equipos in real Chromium against the real API and the demo fleet: the expanded row with the
// movement history and the insurance monthly cost, the amortization calendar, and the equipment
// dialog's required fields and dependent selects. Screenshots at 1366×768 go to docs/screenshots/.
const e2e = useE2e();
const shots = join(projectRoot, 'docs/screenshots');
const WAIT = { timeout: 30_000 };

async function signedIn(): Promise<Page> {
  const { page } = await e2e.signIn('admin@faena.pe');
  return page;
}

async function choose(dialog: Locator, page: Page, label: string, option: string) {
  const box = dialog.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(option.slice(0, 6));
  await page.getByRole('option', { name: option }).click(WAIT);
  await expect.poll(() => box.inputValue(), WAIT).toBe(option);
}

describe('/equipos (real Chromium, real API)', () => {
  it('expands a machine: its detail, movement history and insurance monthly cost', async () => {
    const [moved] = await e2e.sql<{ codigo: string }[]>`
      SELECT e.codigo FROM rm_equipos e
       WHERE e.costo_anual_seguro > 0 AND EXISTS (SELECT 1 FROM es_events x WHERE x.stream_id = 'equipo-' || e.id AND x.data->'changes' ? 'id_obra')
       ORDER BY e.codigo LIMIT 1`;
    const page = await signedIn();
    const prefix = moved.codigo.slice(0, moved.codigo.length - 1);
    await page.goto(`${e2e.baseUrl}/equipos?query=${encodeURIComponent(prefix)}`);
    const table = page.getByRole('table', { name: 'Equipos' });
    const row = table.getByRole('row').filter({ hasText: moved.codigo }).first();
    await row.waitFor(WAIT);
    await row.getByRole('button', { name: 'Ver detalle' }).click();

    const history = page.getByRole('table', { name: `Historial de movimientos de ${moved.codigo}` });
    await history.getByRole('cell', { name: 'Traslado' }).waitFor(WAIT);
    await history.getByRole('cell', { name: 'Alta' }).waitFor(WAIT);
    expect(await history.getByText('Jorge Huamán Torres').count()).toBeGreaterThan(0);
    const insurance = page.getByRole('table', { name: `Costo mensual del seguro de ${moved.codigo}` });
    await insurance.getByText('Total anual').waitFor(WAIT);
    expect(await insurance.locator('tbody tr').count()).toBeGreaterThanOrEqual(12);
    expect(await insurance.getByText('En curso').count()).toBe(1);
    await page.getByText('Costo de adquisición').first().waitFor();

    // The expanded row at the top of the list's scroll box (below its sticky header).
    await row.evaluate((el) => {
      const box = el.closest('.overflow-auto');
      if (box) box.scrollTop = (el as HTMLElement).offsetTop - 40;
    });
    await page.waitForTimeout(300);
    const file = join(shots, 'equipos-list-expanded.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(20_000);
    await page.context().close();
  });

  it("the list shows each machine's Grupo and Subgrupo (seed 001 §3), sortable", async () => {
    const [machine] = await e2e.sql<{ codigo: string; grupo: string; subgrupo: string }[]>`
      SELECT e.codigo, g.nombre AS grupo, s.nombre AS subgrupo FROM rm_equipos e
        JOIN rm_equipo_grupos g ON g.id = e.id_equipo_grupo JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo
       ORDER BY e.codigo LIMIT 1`;
    // From 2xl (1536 px) up, where the two columns show (a laptop's 1366 px has them in the row's detail).
    const { page } = await e2e.signIn('admin@faena.pe', { viewport: { width: 1600, height: 900 } });
    await page.goto(`${e2e.baseUrl}/equipos?query=${encodeURIComponent(machine.codigo)}`);
    const table = page.getByRole('table', { name: 'Equipos' });
    const row = table.getByRole('row').filter({ hasText: machine.codigo }).first();
    await row.waitFor(WAIT);
    const headers = (await table.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const grupo = headers.findIndex((h) => h.startsWith('Grupo'));
    const subgrupo = headers.findIndex((h) => h.startsWith('Subgrupo'));
    expect(grupo, headers.join(' | ')).toBeGreaterThan(-1);
    expect(subgrupo, headers.join(' | ')).toBe(grupo + 1);
    const cells = (await row.locator(':scope > td, :scope > th').allInnerTexts()).map((c) => c.trim());
    expect(cells).toContain(machine.grupo);
    expect(cells).toContain(machine.subgrupo);
    await table.getByRole('columnheader', { name: /^Subgrupo/ }).getByRole('button').click();
    await page.waitForURL(/order_col=subgrupo/, WAIT);
    await page.context().close();
  });

  it('opens the amortization calendar, whose total row is the acquisition cost', async () => {
    // A plan still running: some months amortized, this one under way, others pending.
    const [planned] = await e2e.sql<{ codigo: string; costo: string; meses: number }[]>`
      SELECT e.codigo, e.costo_adquisicion AS costo, e.amortizacion AS meses FROM rm_equipos e JOIN rm_equipo_amortizaciones a ON a.id = e.id
       WHERE e.amortizacion > 0 AND e.estado = 1 AND a.amortizacion_inicio < now() - interval '6 months'
         AND a.amortizacion_inicio + make_interval(months => e.amortizacion) > now() + interval '6 months'
       ORDER BY e.codigo LIMIT 1`;
    const page = await signedIn();
    await page.goto(`${e2e.baseUrl}/equipos?query=${encodeURIComponent(planned.codigo)}`);
    const row = page.getByRole('table', { name: 'Equipos' }).getByRole('row').filter({ hasText: planned.codigo });
    await row.waitFor(WAIT);
    await rowAction(row, 'Amortización');
    const dialog = page.getByRole('dialog');
    const calendar = dialog.getByRole('table', { name: 'Calendario de amortización' });
    await calendar.waitFor(WAIT);
    expect(await calendar.locator('tbody tr').count()).toBe(planned.meses);
    const money = `S/ ${Number(planned.costo).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    await calendar.locator('tfoot').getByText(money).waitFor(WAIT);
    await dialog.getByText('Saldo restante').waitFor();
    await dialog.getByText('Amortizado').first().waitFor(WAIT);
    const current = calendar.getByText('En curso');
    expect(await current.count()).toBe(1);
    await current.scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    const file = join(shots, 'equipos-amortizacion.png');
    await page.screenshot({ path: file });
    expect(statSync(file).size).toBeGreaterThan(20_000);
    await dialog.getByRole('button', { name: 'Cerrar' }).first().click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.context().close();
  });

  it('the equipment dialog: required errors under the fields, dependent selects, tariff selector', async () => {
    const page = await signedIn();
    await page.goto(`${e2e.baseUrl}/equipos`);
    await page.getByRole('table', { name: 'Equipos' }).getByRole('row').nth(2).waitFor(WAIT);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo equipo' }).waitFor(WAIT);

    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).waitFor(WAIT);
    // (exact: the banner's links repeat each error after the field's name)
    await expect.poll(() => dialog.getByText('Este campo es obligatorio', { exact: true }).count(), WAIT).toBe(12);
    await expect.poll(() => dialog.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).getByRole('link').count(), WAIT).toBe(12);
    const codigo = dialog.getByRole('textbox', { name: 'Código', exact: true });
    expect(await codigo.getAttribute('aria-invalid')).toBe('true');
    const codigoError = await codigo.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${codigoError}"]`).innerText()).toBe('Este campo es obligatorio');

    const subgrupo = dialog.getByRole('combobox', { name: 'Subgrupo' });
    const descripcion = dialog.getByRole('combobox', { name: 'Descripción' });
    expect(await subgrupo.isDisabled()).toBe(true);
    await choose(dialog, page, 'Grupo', 'Movimiento de tierras');
    await expect.poll(() => subgrupo.isDisabled(), WAIT).toBe(false);
    await choose(dialog, page, 'Subgrupo', 'Excavadora sobre orugas');
    await expect.poll(() => descripcion.isDisabled(), WAIT).toBe(false);
    await choose(dialog, page, 'Descripción', 'Excavadora hidráulica 20 t');

    // Another group: the subgroup and the description belonged to the old one.
    await choose(dialog, page, 'Grupo', 'Transporte');
    await expect.poll(() => subgrupo.inputValue(), WAIT).toBe('');
    await expect.poll(() => descripcion.inputValue(), WAIT).toBe('');
    expect(await descripcion.isDisabled()).toBe(true);
    expect(await subgrupo.isDisabled()).toBe(false);

    // Brand → model: the model select opens after the brand.
    expect(await dialog.getByRole('combobox', { name: 'Modelo', exact: true }).isDisabled()).toBe(true);

    // Tariff HORA shows hours; MES shows months.
    await dialog.getByText('Horas', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: /Por hora \(HORA\)/ }).click();
    await page.getByRole('option', { name: 'Por mes (MES)' }).click();
    await dialog.getByText('Meses', { exact: true }).waitFor(WAIT);
    expect(await dialog.getByText('Horas', { exact: true }).count()).toBe(0);
    await dialog.getByRole('switch', { name: 'Línea amarilla' }).waitFor();
    await page.context().close();
  });

  it('documents: empty state, the file picker only after the first save, the size limit, attach and list', async () => {
    const page = await signedIn();
    await page.goto(`${e2e.baseUrl}/equipos?query=RE-001`);
    const row = page.getByRole('table', { name: 'Equipos' }).getByRole('row').filter({ hasText: 'RE-001' }).first();
    await row.waitFor(WAIT);
    await rowAction(row, 'Documentos');
    const list = page.getByRole('dialog').first();
    await list.getByText('No hay documentos registrados').waitFor(WAIT);
    await list.getByRole('button', { name: 'Nuevo' }).click();
    const form = page.getByRole('dialog', { name: 'Nuevo documento' });
    await form.getByRole('textbox', { name: 'Título' }).waitFor(WAIT);
    expect(await form.getByRole('button', { name: 'Seleccionar archivo' }).count()).toBe(0);
    await form.getByRole('button', { name: 'Guardar' }).click();
    await form.getByText('Este campo es obligatorio', { exact: true }).waitFor(WAIT);
    await form.getByRole('textbox', { name: 'Título' }).fill('Manual de operación');
    await form.getByRole('button', { name: 'Guardar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar documento' });
    await edit.getByText('Ahora puede adjuntar el archivo').waitFor(WAIT);
    const picker = edit.locator('input[type=file]');
    const big = Buffer.alloc(10_240 * 1024 + 1);
    await picker.setInputFiles({ name: 'grande.pdf', mimeType: 'application/pdf', buffer: big });
    await edit.getByText('Archivo muy pesado, el límite es de 10240 KB.').waitFor(WAIT);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    await picker.setInputFiles({ name: 'manual-416F2.pdf', mimeType: 'application/pdf', buffer: pdf });
    await edit.getByText('manual-416F2.pdf').waitFor(WAIT);
    await edit.getByRole('button', { name: 'Guardar' }).click();
    await edit.waitFor({ state: 'detached', ...WAIT });
    const table = list.getByRole('table', { name: 'Documentos del equipo' });
    await table.getByText('Manual de operación').waitFor(WAIT);
    await table.getByText(/manual-416F2\.pdf/).waitFor(WAIT);
    await table.getByRole('button', { name: 'Descargar' }).waitFor();
    await page.context().close();
  }, 120_000); // four dialogs and an upload: long on a busy machine
});
