import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { kpisProjection } from '../../../../projections/kpis';
import { projectRoot } from '../../../shared/config';
import { createLogger } from '../../../shared/logger';
import { startProfitPdfWorker } from '../../../worker/profitability-pdf';
import { measureProfitPdf } from '../../../../bench/rentabilidad-pdf';
import { createProfitSite, profitFixture } from '../../../../tests/harness/profit-fixture';
import { seedProfitQuarter } from '../../../../tests/harness/profit-quarter';
import { useTestApi } from '../../../../tests/harness/api';
import { waitFor } from '../../../../tests/harness/wait';
import { catchUpProjections } from '../../../../tests/harness/catch-up';

// Issue 19, the profitability generator: the hand-computed fixture of profitability.int.test.ts
// (docs/modules/reports.md, "Rentabilidad": one site, two machines, January-March 2023) through
// POST /reportes_generacion/generarReporte, a real worker taking the pg-boss job against the real
// database, the progress up to 100, and the PDF's text (pdftotext) holding the fixture's figures in
// the chosen order. Its pages are rendered to docs/screenshots/rentabilidad-pdf-*.png.

const t = useTestApi();
let admin = '';
let root = '';
const ids = { obra: 0, m1: 0, m2: 0, operador: 0, mecanico: 0, supervisor: 0, subgrupo: 0 };
const obraNombre = 'Obra generador prueba';
const meses = ['2023-01', '2023-02', '2023-03'];

const catchUp = () => catchUpProjections(t.sql, t.store, [kpisProjection]);

const fixture = profitFixture(t, () => admin, ids, 970_001);

type Status = { estado: string; progreso: number; paginas: number; url: string | null; mensaje: string | null };

async function generate(body: Record<string, unknown>): Promise<{ id: string; url: string; seen: number[]; status: Status }> {
  const r = await t.call('POST', '/reportes_generacion/generarReporte', { token: admin, json: body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.id as string;
  expect(r.body.url).toBe(`/reportes_generacion/archivo?id=${id}`);
  const seen: number[] = [];
  let status: Status | undefined;
  await waitFor(async () => {
    const s = await t.call('GET', '/reportes_generacion/estado', { token: admin, query: { id } });
    expect(s.status, JSON.stringify(s.body)).toBe(200);
    status = s.body.item as Status;
    seen.push(status.progreso);
    return status.estado === 'listo' || status.estado === 'error';
  }, 60_000, 20);
  return { id, url: r.body.url as string, seen, status: status! };
}

async function pdfText(url: string, token = admin): Promise<{ text: string; bytes: Buffer }> {
  const res = await t.raw('GET', url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
  return { text, bytes };
}

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
  root = await t.login('root@faena.pe');
  Object.assign(ids, await createProfitSite(t, { codigo: 'OB-GEN-01', nombre: obraNombre }, ['GN-H-001', 'GN-M-002']));
  const [s] = await t.sql<{ id: number }[]>`SELECT e.id_equipo_subgrupo::int AS id FROM rm_equipos e WHERE e.id = ${ids.m1}`;
  ids.subgrupo = s.id;
  await seedProfitQuarter(fixture, ids, 'GEN');
  await catchUp();
  await startProfitPdfWorker(t.boss, { sql: t.sql, dataDir: t.deps.config.dataDir, log: createLogger({}, true) });
}, 180_000);

describe('Profitability generator (issue 19)', () => {
  it('optionesReporteGeneracion: the four sections with their four results, the filters of each, the options and the current month', async () => {
    t.clock.now = new Date('2026-11-20T15:00:00Z');
    const r = await t.call('GET', '/reportes_generacion/optionesReporteGeneracion', { token: admin });
    t.clock.now = null;
    expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
    const items = r.body.items as { id: number; nombre: string; filtros: string[]; children: { id: number; nombre: string }[] }[];
    expect(items.map((i) => [i.id, i.nombre, i.filtros])).toEqual([
      [0, 'Rentabilidad por equipo', ['id_obra', 'id_subgrupos', 'id_equipos', 'id_marcas', 'id_modelos']],
      [1, 'Rentabilidad general por subgrupo', ['id_obra', 'id_subgrupos']],
      [2, 'Rentabilidad por obra', ['id_obra', 'id_subgrupos']],
      [3, 'Rentabilidad por hora por subgrupo', ['id_subgrupos']],
    ]);
    expect(items[0].children.map((c) => c.nombre)).toEqual(['Resultado Unitario', 'Resultado General', 'Resultado por hora', 'Resultado general por hora']);
    expect(r.body.obras).toContainEqual({ id: ids.obra, nombre: obraNombre });
    expect(r.body.equipos).toContainEqual({ id: ids.m1, nombre: 'GN-H-001' });
    expect(r.body.mes_actual).toBe('2026-11');
    expect(r.body.meses).toContainEqual({ id: '2026-11', nombre: 'Noviembre 2026' });
    expect(r.body.meses).toContainEqual({ id: '2023-02', nombre: 'Febrero 2023' });
  });

  it('generarReporte answers at once; the worker draws the PDF with the fixture figures in the chosen order, progress reaching 100', async () => {
    const started = Date.now();
    const { id, url, seen, status } = await generate({
      // Sections in the user's order: by site first, then per machine with two results swapped.
      dataBody: [{ id: 2, children: [2] }, { id: 0, children: [3, 2] }, { id: 1, children: [1] }],
      selectedFilter: [{ id_obra: [ids.obra] }, { id_obra: [ids.obra] }, { id_obra: [ids.obra], id_equipos: [ids.m1] }, null],
      selectedMeses: meses,
    });
    expect(status).toMatchObject({ estado: 'listo', progreso: 100, url, mensaje: null });
    expect(status.paginas).toBeGreaterThanOrEqual(5);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const { text, bytes } = await pdfText(url);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Cover: title, period, contents in the chosen order.
    expect(text).toContain('Reporte de rentabilidad');
    expect(text).toContain('Período: Enero 2023 a Marzo 2023 (3 meses)');
    const order = ['1. Rentabilidad por obra', '2. Rentabilidad por equipo', '3. Rentabilidad general por subgrupo'].map((h) => text.indexOf(h));
    expect(order.every((i) => i >= 0)).toBe(true);
    const body = text.slice(text.indexOf('Página 1 de'));
    // Each heading after the previous one.
    let at = 0;
    for (const h of ['1. Rentabilidad por obra', 'Resultado General', '2. Rentabilidad por equipo', 'Resultado por hora', 'Resultado General', '3. Rentabilidad general por subgrupo', 'Resultado Unitario']) {
      const next = body.indexOf(h, at);
      expect(next, h).toBeGreaterThan(at - 1);
      at = next + h.length;
    }
    // Section 1 (by site, Resultado General): both machines in one row, S/ 17,800.00 cost, 48.85%; TOTAL rounded up 48.86%.
    const lines = text.split('\n');
    const line = (start: string, from = 0) => lines.slice(from).find((l) => l.trim().startsWith(start)) ?? '';
    const site = line(obraNombre);
    for (const f of ['S/ 300.00', 'S/ 400.00', 'S/ 150.00', 'S/ 2,700.00', 'S/ 5,250.00', 'S/ 9,000.00', 'S/ 17,800.00', 'S/ 34,800.00', 'S/ 17,000.00', '48.85%']) expect(site, site).toContain(f);
    expect(line('TOTAL')).toContain('48.86%');
    // Section 2 per machine: per hour (M1 costo_total_hora 233.33 → 'S/ 233.34' rounded up; TOTAL 312.29), then the amounts.
    const perHour = lines.findIndex((l) => l.trim() === 'Resultado por hora');
    expect(line('GN-H-001', perHour)).toContain('S/ 233.34');
    expect(line('GN-M-002', perHour)).toContain('S/ 483.34');
    expect(line('TOTAL', perHour)).toContain('S/ 312.29');
    const general = lines.findIndex((l, i) => i > perHour && l.trim() === 'Resultado General');
    const m1 = line('GN-H-001', general);
    for (const f of ['S/ 9,100.00', 'S/ 7,800.00', '-16.67%']) expect(m1, m1).toContain(f);
    expect(m1).toMatch(/-\s?S\/ 1,300\.00|S\/ -1,300\.00/);
    const m2 = line('GN-M-002', general);
    for (const f of ['S/ 8,700.00', 'S/ 27,000.00', 'S/ 18,300.00', '67.78%']) expect(m2, m2).toContain(f);
    // Section 3 by subgroup, Resultado Unitario, filtered to M1 (the segment takes sites and description only: the machine filter is dropped).
    const unit = lines.findIndex((l, i) => i > general && l.trim() === '3. Rentabilidad general por subgrupo');
    expect(unit).toBeGreaterThan(general);
    expect(lines.slice(unit).join('\n')).toContain('S/ 8,900.00');
    expect(text).toMatch(/Página 1 de \d+/);
    expect(text).toContain(`Página ${status.paginas} de ${status.paginas}`);
    // The file is its owner's only: root (every right) gets 404 on the file and the state.
    const other = await t.raw('GET', url, { headers: { authorization: `Bearer ${root}` } });
    expect(other.status).toBe(404);
    const otherState = await t.call('GET', '/reportes_generacion/estado', { token: root, query: { id } });
    expect(otherState.status).toBe(404);
    expect(otherState.body.ok).toBe(false);
    // A user without the module's right: 403.
    const supervisor = await t.login('supervisor@faena.pe');
    expect((await t.raw('GET', url, { headers: { authorization: `Bearer ${supervisor}` } })).status).toBe(403);
    renderPages(bytes);
  });

  it('a segment with no data in the months: the section says so and the report still completes', async () => {
    const { url, status } = await generate({ dataBody: [{ id: 3, children: [4] }], selectedFilter: [], selectedMeses: ['2001-02'] });
    expect(status).toMatchObject({ estado: 'listo', progreso: 100 });
    const { text } = await pdfText(url);
    expect(text).toContain('No hay información para este rango de fechas');
    expect(text).toContain('Período: Febrero 2001 (1 mes)');
  });

  it('bad input → 422 with the field and a Spanish message; nothing is queued', async () => {
    const [{ n: before }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rentabilidad_reportes`;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ dataBody: [], selectedMeses: meses }, 'dataBody', 'Seleccione al menos una sección'],
      [{ dataBody: [{ id: 0, children: [1] }], selectedMeses: [] }, 'selectedMeses', 'Seleccione al menos un mes'],
      [{ dataBody: [{ id: 0, children: [1] }], selectedMeses: ['2023-13'] }, 'selectedMeses', 'Mes no válido (AAAA-MM)'],
      [{ dataBody: [{ id: 7, children: [1] }], selectedMeses: meses }, 'dataBody.0.id', 'Sección no válida'],
      [{ dataBody: [{ id: 0, children: [] }], selectedMeses: meses }, 'dataBody.0.children', 'Seleccione al menos un resultado de la sección'],
      [{ dataBody: [{ id: 0, children: [1] }, { id: 0, children: [2] }], selectedMeses: meses }, 'dataBody', 'Sección repetida'],
      [{ dataBody: [{ id: 0, children: [1] }], selectedMeses: meses, selectedFilter: [{ id_obra: ['x'] }] }, 'selectedFilter.0.id_obra', 'Identificador inválido'],
    ];
    for (const [json, field, msg] of cases) {
      const r = await t.call('POST', '/reportes_generacion/generarReporte', { token: admin, json });
      expect(r.status, JSON.stringify(json)).toBe(422);
      expect(r.body.ok).toBe(false);
      expect(r.body.errors[field], JSON.stringify(r.body)).toBe(msg);
    }
    expect((await t.call('GET', '/reportes_generacion/estado', { token: admin, query: { id: 'no-es-uuid' } })).status).toBe(422);
    expect((await t.call('GET', '/reportes_generacion/estado', { token: admin, query: { id: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    const [{ n: after }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rentabilidad_reportes`;
    expect(after).toBe(before);
  });
});

describe('the generator benchmark (bench/rentabilidad-pdf.ts), a smoke run on the test data', () => {
  it('one year, all sites, every section and result: timed, with pages', async () => {
    const r = await measureProfitPdf(t.sql, 1, new Date('2023-06-15T15:00:00Z'));
    expect(r.figures.runs).toBe(1);
    expect(r.figures.pages).toBeGreaterThanOrEqual(17);
    expect(r.figures['table rows']).toBeGreaterThan(0);
  });
});

/** The report's pages as PNG (60 dpi) for docs/modules/reports.md. */
function renderPages(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), 'faena-rentabilidad-'));
  try {
    writeFileSync(join(dir, 'r.pdf'), pdf);
    execFileSync('pdftoppm', ['-png', '-r', '60', join(dir, 'r.pdf'), join(dir, 'p')]);
    const out = join(projectRoot, 'docs/screenshots');
    mkdirSync(out, { recursive: true });
    for (const f of readdirSync(out)) if (/^rentabilidad-pdf-\d+\.png$/.test(f)) rmSync(join(out, f));
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.png')).sort()) {
      const n = Number(/-(\d+)\.png$/.exec(f)?.[1]);
      copyFileSync(join(dir, f), join(out, `rentabilidad-pdf-${n}.png`));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
