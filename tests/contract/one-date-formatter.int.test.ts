import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../events/record/commands';
import { EXCEL_DATE_FORMAT, formatDateTime, formatWallClock } from '@shared/time';
import { useTestApi } from '../harness/api';

// Issue 14 §6: one fixed time reads the same wherever it is shown. The screens render the API's
// values with shared/time.ts (the browser test tests/e2e/one-date-format.e2e.test.ts reads the
// list cell and the form); here the same value is followed through the list and form replies, the
// activity log, the csv and xlsx exports and the PDF. 15:05 in Lima is written
// '22/11/2026 03:05 PM' everywhere: a work order's zone-less wall clock and an instant alike.

const t = useTestApi();
const SHOWN = '22/11/2026 03:05 PM';
const WALL = '2026-11-22 15:05';
/** The same moment as an instant: 15:05 in Lima is 20:05 UTC. */
const INSTANT = new Date('2026-11-22T20:05:00Z');
const metadata = { userId: null, requestId: 'fixture' };

let admin = '';
const auth = () => ({ headers: { authorization: `Bearer ${admin}` } });

beforeAll(async () => {
  admin = await t.login('admin@faena.pe');
});

/** The rows of the first sheet of an xlsx export, read with exceljs (the project's xlsx library). */
async function xlsxRows(url: string): Promise<{ labels: unknown[]; rows: ExcelJS.Row[] }> {
  const res = await t.raw('GET', url, auth());
  expect(res.status).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const rows = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1));
  return { labels: rows[0].values as unknown[], rows: rows.slice(1) };
}

/** The text of a csv export's column on the line whose first cells include `key`. */
async function csvCell(url: string, label: string, key: string): Promise<string | undefined> {
  const text = (await (await t.raw('GET', url, auth())).text()).replace(/^\uFEFF/, '');
  const [header, ...lines] = text.split('\r\n');
  const line = lines.find((l) => l.split(',').includes(key));
  return line?.split(',')[header.split(',').indexOf(label)];
}

/** The text an xlsx date cell shows: its clock reading (stored as UTC) through the formatter. */
function shownInExcel(cell: ExcelJS.Cell): string {
  const value = cell.value as Date;
  const wall = value.toISOString().slice(0, 16).replace('T', ' ');
  return formatWallClock(wall);
}

describe('one fixed time reads the same on every screen, export and PDF (issue 14 §6)', () => {
  it("a work order opened at 15:05: list, form, timeline, csv, xlsx and PDF all say '22/11/2026 03:05 PM'", async () => {
    const one = async (q: Promise<{ id: number }[]>) => (await q)[0].id;
    const obra = await one(t.sql`SELECT id FROM rm_obras ORDER BY id LIMIT 1`);
    const [kind] = await t.sql<{ g: number; s: number; p: number }[]>`SELECT id_equipo_grupo AS g, id_equipo_subgrupo AS s, id AS p FROM rm_equipo_productos ORDER BY id LIMIT 1`;
    const [brand] = await t.sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos ORDER BY id LIMIT 1`;
    const equipo = (
      await createRecord(t.store, 'equipo', {
        id_obra: obra, codigo: 'T-FMT-001', codigo_sub_obra: 'SO-1', id_equipo_grupo: kind.g, id_equipo_subgrupo: kind.s, id_equipo_producto: kind.p,
        id_marca: brand.m, id_modelo: brand.mo, id_marca_motor: brand.m, id_modelo_motor: brand.mo, serie: 'S-T-FMT-001', placa: '', anio: 2019, estado: 1,
      }, { metadata })
    ).id;
    const person = (role: number) => one(t.sql`SELECT id FROM rm_users WHERE id_role = ${role} ORDER BY id LIMIT 1`);
    const fields = {
      id: 0, version: 0, id_obra: obra, id_equipo: equipo, placa_equipo: '', serie_equipo: 'S-T-FMT-001', fecha_parada: '2026-11-22 08:00',
      fecha_puesta_marcha: '', fecha_apertura_ot: '2026-11-22 08:30', fecha_cierre_ot: '', horometro_parada: '1200', horometro_puesta_marcha: '',
      horometro_apertura_ot: '1200', horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '',
      id_operador: await person(11), id_mecanico: await person(14), id_supervisor: await person(15), firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0,
      sin_productos: 1, terminado: 0, diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [],
    };
    const created = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: fields });
    expect(created.status, created.body.msg).toBe(200);
    const { id, codigo } = created.body as unknown as { id: number; codigo: string };
    const version = ((await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id } })).body.item as { version: number }).version;
    // The opening moved to 15:05: the timeline records the change.
    const moved = await t.call('POST', '/ordenes_trabajo/create', { token: admin, json: { ...fields, id, version, fecha_apertura_ot: WALL } });
    expect(moved.status, moved.body.msg).toBe(200);

    // List and form: the values the screens hand to formatWallClock.
    const list = await t.call('GET', '/ordenes_trabajo', { token: admin, query: { query: codigo, limit: 10 } });
    const row = (list.body.items as { id: number; fecha_apertura_ot: string }[]).find((r) => r.id === id);
    expect(formatWallClock(row?.fecha_apertura_ot)).toBe(SHOWN);
    const item = (await t.call('GET', '/ordenes_trabajo/form', { token: admin, query: { id } })).body.item as { fecha_apertura_ot: string };
    expect(item.fecha_apertura_ot).toBe(WALL);
    expect(formatWallClock(item.fecha_apertura_ot)).toBe(SHOWN);

    // The timeline: the summary's value and the change written by the server.
    const timeline = await t.call('GET', '/ordenes_trabajo/obtenerLineaDeTiempo', { token: admin, query: { id_orden_trabajo: id } });
    const summary = timeline.body.apertura_cierre as { fecha_apertura_ot: string };
    expect(formatWallClock(summary.fecha_apertura_ot)).toBe(SHOWN);
    const flujo = timeline.body.flujo_total as { cambios: { antes: string; despues: string }[] }[];
    expect(flujo.flatMap((f) => f.cambios)).toContainEqual(expect.objectContaining({ antes: '22/11/2026 08:30 AM', despues: SHOWN }));

    // Exports: csv text, and an xlsx date cell whose clock and number format say the same.
    const url = `/ordenes_trabajo/export?query=${encodeURIComponent(codigo)}&kind=`;
    expect(await csvCell(`${url}csv`, 'Apertura', codigo)).toBe(SHOWN);
    const { labels, rows } = await xlsxRows(`${url}xlsx`);
    const xlsxRow = rows.find((r) => r.getCell(labels.indexOf('Código')).value === codigo);
    if (!xlsxRow) throw new Error(`no xlsx row for ${codigo}`);
    const cell = xlsxRow.getCell(labels.indexOf('Apertura'));
    expect(cell.value).toBeInstanceOf(Date);
    expect(shownInExcel(cell)).toBe(SHOWN);
    expect(cell.numFmt).toBe(EXCEL_DATE_FORMAT.datetime);

    // The PDF of the order.
    const pdf = await t.raw('GET', `/ordenes_trabajo/pdf?id=${id}`, auth());
    expect(pdf.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), 'faena-fmt-')), 'ot.pdf');
    writeFileSync(file, Buffer.from(await pdf.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(SHOWN);
    expect(text).not.toContain('15:05');
  });

  it("a brand created at 15:05 Lima time: its list, the activity log, csv and xlsx all say '22/11/2026 03:05 PM'", async () => {
    // A demo brand and its log lines (the demo's activity log is built), set to the fixed instant.
    const [brand] = await t.sql<{ id: number; nombre: string }[]>`
      UPDATE rm_marcas SET date_created = ${INSTANT} WHERE id = (SELECT id FROM rm_marcas ORDER BY id LIMIT 1) RETURNING id::int AS id, nombre`;
    const { id, nombre } = brand;
    const logged = await t.sql`UPDATE rm_activity_log SET date_created = ${INSTANT} WHERE stream_type = 'marca' AND target_id = ${id} RETURNING 1`;
    expect(logged.length).toBeGreaterThan(0);

    const list = await t.call('GET', '/marcas', { token: admin, query: { query: nombre, limit: 10 } });
    const row = (list.body.items as { id: number; date_created: string }[]).find((r) => r.id === id);
    expect(formatDateTime(row?.date_created)).toBe(SHOWN);

    const log = await t.call('GET', '/logs', { token: admin, query: { target: 'marca', id_target: id } });
    const line = (log.body.items as { date_created: string }[])[0];
    expect(formatDateTime(line.date_created)).toBe(SHOWN);

    for (const [path, label] of [[`/marcas/export?query=${encodeURIComponent(nombre)}&kind=`, 'Creado'], [`/logs/export?target=marca&id_target=${id}&kind=`, 'Fecha']] as const) {
      const csv = (await (await t.raw('GET', `${path}csv`, auth())).text()).replace(/^\uFEFF/, '');
      expect(csv, path).toContain(SHOWN);
      const { labels, rows } = await xlsxRows(`${path}xlsx`);
      // The brand's row (the search may match other names too); the log export holds its lines only.
      const mine = path.startsWith('/marcas') ? rows.find((r) => r.getCell(labels.indexOf('Nombre')).value === nombre) : rows[0];
      if (!mine) throw new Error(`no row in ${path}`);
      const cell = mine.getCell(labels.indexOf(label));
      expect(shownInExcel(cell), path).toBe(SHOWN);
      expect(cell.numFmt, path).toBe(EXCEL_DATE_FORMAT.datetime);
    }
  });
});
