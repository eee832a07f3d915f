import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillDate, rowAction, useE2e } from '../harness/e2e';

// Acceptance walkthrough of the equipment register, in real Chromium against the real API and the
// demo data: an administrator creates a brand and a model, a machine with every required field
// (after seeing the field errors of an empty save), attaches a PDF to it and downloads it back
// byte for byte, then registers two hour-meter logs and reads the computed columns in the list.
const e2e = useE2e();
const WAIT = { timeout: 30_000 };
const REQUIRED = 'Este campo es obligatorio';

/** Today minus one day in Lima (yyyy-MM-dd): inside the registration window and not in the future. */
function yesterdayInLima(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() - 86_400_000));
}

/** A small, well-formed PDF (one empty A6 page) with a binary comment line, its xref offsets
 * computed from the bytes, so the download check covers bytes above 0x7F too. */
function buildPdf(title: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Resources << >> /Contents 4 0 R >>',
    '<< /Length 0 >>\nstream\n\nendstream',
    `<< /Title (${title}) /Producer (Faena e2e) >>`,
  ];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1'), Buffer.from([0x25, 0xe2, 0xe3, 0xcf, 0xd3, 0x0a])];
  let length = chunks.reduce((n, c) => n + c.length, 0);
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

/** The shift model of docs/modules/hour-meters.md, written out here from its definitions (not
 * imported), on whole tenths of an hour: W = h_fin − h_inicio, R = falla_neta,
 * S = max(H − W − R, 0); availability W / (W + R), utilisation W / (W + S), in %, rounded half
 * away from zero to 2 decimals. */
function expectedShift(log: { h_inicio: number; h_fin: number; operacional: number; neta: number; tajo: number }, shiftHours = 12) {
  const tenths = (h: number) => Math.round(h * 10);
  const H = tenths(shiftHours);
  const W = tenths(log.h_fin - log.h_inicio);
  const R = tenths(log.neta);
  const S = Math.max(H - W - R, 0);
  const pct = (a: number, b: number) => {
    // 100·a/b to 2 decimals on integers: 10,000·a/b rounded half up (a, b ≥ 0).
    const n = a * 10_000;
    const q = Math.floor(n / b);
    return (2 * (n - q * b) >= b ? q + 1 : q) / 100;
  };
  return {
    horas: String(W / 10),
    fallas: ((tenths(log.operacional) + R + tenths(log.tajo)) / 10).toFixed(1),
    disponibilidad: `${pct(W, W + R).toFixed(2)} %`,
    utilizacion: `${pct(W, W + S).toFixed(2)} %`,
  };
}

/** The messages shown under a field: the alerts inside the field's own wrapper (the largest
 * ancestor holding no other form control) that sit below the control on screen. */
async function errorsUnder(field: Locator): Promise<string[]> {
  return field.evaluate((control) => {
    const controls = (n: Element) => n.querySelectorAll('input, textarea, select').length;
    let wrapper: Element = control;
    while (wrapper.parentElement && controls(wrapper.parentElement) === 1) wrapper = wrapper.parentElement;
    const bottom = control.getBoundingClientRect().bottom;
    return [...wrapper.querySelectorAll('[role="alert"]')].filter((a) => a.getBoundingClientRect().top >= bottom - 1).map((a) => (a.textContent ?? '').trim());
  });
}

/** Picks an option of a searchable select by its label (typing a prefix or the whole label). */
async function choose(page: Page, box: Locator, option: string, typed = option.slice(0, 6)) {
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click(WAIT);
  await expect.poll(() => box.inputValue(), WAIT).toBe(option);
}

/** A list row as { column header: cell text }. */
async function rowByHeader(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = (await table.getByRole('columnheader').allInnerTexts()).map((t) => t.replace(/[▲▼]/g, '').trim());
  const cells = (await row.getByRole('cell').allInnerTexts()).map((t) => t.trim());
  expect(cells).toHaveLength(headers.length);
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]]));
}

describe('equipment walkthrough (real Chromium, real API)', () => {
  it('brand, model, machine with its required fields, a PDF downloaded back intact, two hour-meter logs with availability and utilisation', async () => {
    const stamp = String(Date.now()).slice(-6);
    const marca = `Marca E2E ${stamp}`;
    const modelo = `Modelo E2E ${stamp}`;
    const codigo = `E2E-${stamp}`;
    const lectura = 1500; // the machine's registered hour-meter reading

    const { context, page } = await e2e.signIn('admin@faena.pe');

    // 1. /marcas: a new brand, then found in the list.
    await page.goto(`${e2e.baseUrl}/marcas`);
    await page.getByRole('table', { name: 'Marcas' }).getByRole('row').nth(1).waitFor(WAIT);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nueva marca' }).waitFor(WAIT);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(marca);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(marca);
    await page.getByRole('table', { name: 'Marcas' }).getByRole('row').filter({ hasText: marca }).waitFor(WAIT);

    // 2. /modelos: a model of that brand, then found in the list under it.
    await page.goto(`${e2e.baseUrl}/modelos`);
    await page.getByRole('table', { name: 'Modelos' }).getByRole('row').nth(1).waitFor(WAIT);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo modelo' }).waitFor(WAIT);
    await choose(page, dialog.getByRole('combobox', { name: 'Marca', exact: true }), marca, marca);
    await dialog.getByRole('textbox', { name: 'Nombre' }).fill(modelo);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(modelo);
    const modelRow = page.getByRole('table', { name: 'Modelos' }).getByRole('row').filter({ hasText: modelo });
    await modelRow.waitFor(WAIT);
    expect(await modelRow.innerText()).toContain(marca);

    // 3. /equipos: an empty save shows every required field's error under it; then the machine.
    await page.goto(`${e2e.baseUrl}/equipos`);
    await page.getByRole('table', { name: 'Equipos' }).getByRole('row').nth(1).waitFor(WAIT);
    await page.getByRole('button', { name: 'Nuevo' }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Nuevo equipo' }).waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Revise los campos marcados' }).waitFor(WAIT);
    const box = (name: string) => dialog.getByRole('combobox', { name, exact: true });
    const input = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    const required = {
      obra: box('Obra'),
      codigoSubObra: input('Código sub obra'),
      codigo: input('Código'),
      grupo: box('Grupo'),
      subgrupo: box('Subgrupo'),
      descripcion: box('Descripción'),
      marca: box('Marca'),
      modelo: box('Modelo'),
      serie: input('Serie'),
      anio: input('Año'),
      marcaMotor: box('Marca de motor'),
      modeloMotor: box('Modelo de motor'),
    };
    await expect.poll(() => dialog.getByText(REQUIRED, { exact: true }).count(), WAIT).toBe(Object.keys(required).length);
    for (const [name, field] of Object.entries(required)) {
      expect({ name, errors: await errorsUnder(field) }).toEqual({ name, errors: [REQUIRED] });
    }
    // Every field is described by its message (screen readers read it with the field); the text
    // inputs are also marked invalid.
    for (const [name, field] of Object.entries(required)) {
      const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
      const texts = await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()));
      expect({ name, texts }).toEqual({ name, texts: [REQUIRED] });
    }
    for (const field of [required.codigoSubObra, required.codigo, required.serie, required.anio]) {
      expect(await field.getAttribute('aria-invalid')).toBe('true');
    }

    await choose(page, required.obra, 'Vía Expresa Sur - Tramo 2');
    await required.codigoSubObra.fill('VES-T2-E2E');
    await required.codigo.fill(codigo);
    await choose(page, required.grupo, 'Movimiento de tierras');
    await choose(page, required.subgrupo, 'Excavadora sobre orugas');
    await choose(page, required.descripcion, 'Excavadora hidráulica 20 t');
    await choose(page, required.marca, marca, marca);
    await choose(page, required.modelo, modelo, modelo);
    await required.serie.fill(`SER-${stamp}`);
    await required.anio.fill('2023');
    await choose(page, required.marcaMotor, 'Cummins', 'Cummins');
    await choose(page, required.modeloMotor, 'QSB6.7', 'QSB6.7');
    await input('Horómetro').fill(String(lectura));
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Guardado correctamente').first().waitFor(WAIT);
    await dialog.waitFor({ state: 'detached', ...WAIT });

    await page.goto(`${e2e.baseUrl}/equipos?query=${encodeURIComponent(codigo)}`);
    const equipos = page.getByRole('table', { name: 'Equipos' });
    const machine = equipos.getByRole('row').filter({ hasText: codigo });
    await machine.waitFor(WAIT);
    expect(await equipos.getByRole('row').count()).toBe(2); // the header and the new machine
    const machineText = await machine.innerText();
    for (const shown of [marca, modelo, 'Excavadora hidráulica 20 t']) expect(machineText).toContain(shown);

    // 4. Its documents: a new document, a PDF attached, downloaded back byte-identical.
    await rowAction(machine, 'Documentos');
    const documents = page.getByRole('dialog').first();
    await documents.getByText('No hay documentos registrados').waitFor(WAIT);
    await documents.getByRole('button', { name: 'Nuevo' }).click();
    const newDoc = page.getByRole('dialog', { name: 'Nuevo documento' });
    await newDoc.getByRole('textbox', { name: 'Título' }).fill('Ficha técnica E2E');
    await newDoc.getByRole('button', { name: 'Guardar' }).click();
    const editDoc = page.getByRole('dialog', { name: 'Editar documento' });
    await editDoc.getByText('Ahora puede adjuntar el archivo').waitFor(WAIT);
    const pdf = buildPdf(`Ficha ${codigo}`);
    const fileName = `ficha-${codigo}.pdf`;
    await editDoc.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
    await editDoc.getByText(fileName).waitFor(WAIT);
    await editDoc.getByRole('button', { name: 'Guardar' }).click();
    await editDoc.waitFor({ state: 'detached', ...WAIT });
    const docRow = documents.getByRole('table', { name: 'Documentos del equipo' }).getByRole('row').filter({ hasText: 'Ficha técnica E2E' });
    await docRow.getByText(fileName, { exact: false }).waitFor(WAIT);
    const [download] = await Promise.all([page.waitForEvent('download', WAIT), docRow.getByRole('button', { name: 'Descargar' }).click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    const downloaded = await readFile(await download.path());
    expect(downloaded.length).toBe(pdf.length);
    expect(downloaded.equals(pdf)).toBe(true);
    await page.getByText('Archivo descargado con éxito.').first().waitFor(WAIT);
    await documents.getByRole('button', { name: 'Cerrar' }).last().click();
    await documents.waitFor({ state: 'detached', ...WAIT });

    // 5. /horometros: two logs of the new machine on one date, day and night shifts.
    const fecha = yesterdayInLima();
    const day = { h_inicio: lectura, h_fin: lectura + 8, operacional: 1, neta: 2.5, tajo: 0 };
    const night = { h_inicio: day.h_fin, h_fin: day.h_fin + 10, operacional: 0, neta: 0.5, tajo: 1.5 };
    await page.goto(`${e2e.baseUrl}/horometros`);
    await page.getByRole('table', { name: 'Horómetros' }).getByRole('row').nth(1).waitFor(WAIT);

    async function register(turno: RegExp, log: typeof day, proposal: string | RegExp) {
      await page.getByRole('button', { name: 'Nuevo' }).click();
      const form = page.getByRole('dialog', { name: 'Nuevo registro de horómetro' });
      await form.getByLabel('Horómetro inicial').waitFor(WAIT);
      const info = page.waitForResponse((r) => r.url().includes('/horometros/infoHorometroEquipo'), WAIT);
      const equipo = form.getByRole('combobox', { name: 'Equipo' });
      await equipo.click();
      await equipo.fill(codigo);
      await page.getByRole('option', { name: new RegExp(`^${codigo} `) }).click(WAIT);
      const reply = (await (await info).json()) as { h_inicio: number; fuente: string };
      await form.getByRole('status').filter({ hasText: proposal }).waitFor(WAIT);
      await expect.poll(() => form.getByLabel('Horómetro inicial').inputValue(), WAIT).toBe(String(log.h_inicio));
      await fillDate(form, 'Fecha', fecha);
      await form.getByRole('button', { name: /^Turno/ }).click();
      await page.getByRole('option', { name: turno }).click(WAIT);
      await form.getByLabel('Horómetro final').fill(String(log.h_fin));
      await form.getByLabel('Operacional (h)').fill(String(log.operacional));
      await form.getByLabel('Neta (h)').fill(String(log.neta));
      await form.getByLabel('Tajo (h)').fill(String(log.tajo));
      const expected = expectedShift(log);
      await expect.poll(() => form.getByTestId('preview-utilizacion').textContent(), WAIT).toBe(expected.utilizacion);
      expect(await form.getByTestId('preview-disponibilidad').textContent()).toBe(expected.disponibilidad);
      await form.getByRole('button', { name: 'Guardar' }).click();
      await page.getByText('Guardado correctamente').first().waitFor(WAIT);
      await form.waitFor({ state: 'detached', ...WAIT });
      return reply;
    }

    // The first log starts from the machine's registered reading.
    const first = await register(/^Día/, day, `${codigo} no tiene registros de horómetro: se propone la lectura registrada del equipo (${lectura})`);
    expect(first).toMatchObject({ h_inicio: lectura, fuente: 'equipo' });
    // The second one's start is proposed from the first one's end (GET /horometros/infoHorometroEquipo).
    const second = await register(/^Noche/, night, new RegExp(`Horómetro final del último registro de ${codigo} \\(.*, turno Día\\): ${day.h_fin}$`));
    expect(second).toMatchObject({ h_inicio: day.h_fin, fuente: 'registro' });

    // The list, searched by the machine's code: both logs with their computed columns.
    await page.goto(`${e2e.baseUrl}/horometros?query=${encodeURIComponent(codigo)}`);
    const table = page.getByRole('table', { name: 'Horómetros' });
    const rowOf = (turno: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: turno, exact: true }) }).filter({ hasText: codigo });
    await rowOf('Noche').waitFor(WAIT);
    await rowOf('Día').waitFor(WAIT);
    expect(await table.getByRole('row').count()).toBe(3); // the header and the two logs
    for (const [turno, log] of [['Día', day], ['Noche', night]] as const) {
      const expected = expectedShift(log);
      expect(await rowByHeader(table, rowOf(turno))).toMatchObject({
        Equipo: codigo,
        Turno: turno,
        'H. inicio': String(log.h_inicio),
        'H. fin': String(log.h_fin),
        Horas: expected.horas,
        Fallas: expected.fallas,
        'Disponib.': expected.disponibilidad,
        Utilización: expected.utilizacion,
      });
    }
    await context.close();
  }, 300_000);
});
