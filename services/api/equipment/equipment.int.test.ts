import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { EQUIPO_HAS_WORK_ORDERS } from './equipment-crud-routes';
import { loadCatalog, validMachine, type Catalog } from '../../../tests/harness/equipment';

// The equipment register through real calls on a real PostgreSQL holding the demo data and the
// demo fleet (services/demo/fleet): list, filters, sort, search, validation (seed 001 §5), the
// site-8 rule and the lookups.
const api = useTestApi();

type Row = Record<string, unknown>;
let token: string;
let c: Catalog;

async function eventCount(): Promise<number> {
  const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events`;
  return n;
}

async function save(json: Row) {
  return api.call('POST', '/equipos/create', { token, json });
}

beforeAll(async () => {
  token = await api.login('admin@faena.pe');
  c = await loadCatalog(api.sql);
});

describe('GET /equipos', () => {
  it('lists the demo fleet with the catalogue names, paged and sorted by code', async () => {
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_equipos`;
    expect(n).toBeGreaterThanOrEqual(60);
    const r = await api.call('GET', '/equipos', { token });
    expect(r.status).toBe(200);
    expect(r.body.total).toBe(n);
    const items = r.body.items as Row[];
    expect(items).toHaveLength(10);
    const codes = items.map((i) => String(i.codigo));
    expect(codes).toEqual([...codes].sort());
    const first = items[0];
    expect(first).toMatchObject({ codigo: expect.stringMatching(/^[A-Z]+-\d{3}$/) });
    for (const key of ['obra', 'grupo', 'subgrupo', 'descripcion', 'marca', 'modelo', 'serie', 'placa', 'anio', 'tipo_tarifa', 'tarifa', 'costo_mes_actual', 'pendiente_por_mes', 'id_obra']) {
      expect(first[key], key).not.toBeUndefined();
    }
    expect(String(first.costo_adquisicion)).toMatch(/^\d+\.\d{2}$/);
    // The expanded row reads the whole record, with the names, from the form call.
    const detail = (await api.call('POST', '/equipos/form', { token, json: { id: first.id } })).body.item as Row;
    expect(detail).toMatchObject({ id: first.id, codigo: first.codigo, obra: first.obra, grupo: first.grupo, marca: first.marca, modelo: first.modelo });
    expect(detail.marca_motor).toEqual(expect.any(String));
    expect(detail.modelo_motor).toEqual(expect.any(String));
    expect(String(detail.fecha_compra)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('filters by site, group, subgroup, brand, state and tariff type', async () => {
    const site = c.obras[1].id;
    const cases: [Row, string][] = [
      [{ id_obra: site }, `id_obra = ${site}`],
      [{ id_equipo_grupo: c.kind('Volquete').grupo }, `id_equipo_grupo = ${c.kind('Volquete').grupo}`],
      [{ id_equipo_subgrupo: c.kind('Cargador frontal').subgrupo }, `id_equipo_subgrupo = ${c.kind('Cargador frontal').subgrupo}`],
      [{ id_marca: c.model('Caterpillar', '320').marca }, `id_marca = ${c.model('Caterpillar', '320').marca}`],
      [{ estado: 0 }, 'estado = 0'],
      [{ tipo_tarifa: 'MES' }, `tipo_tarifa = 'MES'`],
    ];
    for (const [query, where] of cases) {
      const [{ n }] = await api.sql.unsafe(`SELECT count(*)::int AS n FROM rm_equipos WHERE ${where}`);
      expect(n, where).toBeGreaterThan(0);
      const r = await api.call('GET', '/equipos', { token, query: { ...(query as Record<string, string>), limit: 100 } });
      expect(r.status, where).toBe(200);
      expect(r.body.total, where).toBe(n);
      expect((r.body.items as Row[]).length).toBe(Math.min(100, n));
    }
    const both = await api.call('GET', '/equipos', { token, query: { tipo_tarifa: 'MES', id_equipo_grupo: c.kind('Volquete').grupo, limit: 100 } });
    expect((both.body.items as Row[]).every((i) => i.tipo_tarifa === 'MES' && i.grupo === 'Transporte')).toBe(true);
    const bad = await api.call('GET', '/equipos', { token, query: { tipo_tarifa: 'DIA' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.tipo_tarifa).toBe('Tipo de tarifa no válido');
    const unsortable = await api.call('GET', '/equipos', { token, query: { order_col: 'costo_mes_actual' } });
    expect(unsortable.body.errors.order_col).toBe('Columna de orden no válida');
  });

  it('sorts by any shown column, both ways, and searches code, plate, serial and description', async () => {
    const byCost = await api.call('GET', '/equipos', { token, query: { order_col: 'costo_adquisicion', order_dir: 'desc', limit: 5 } });
    const costs = (byCost.body.items as Row[]).map((i) => Number(i.costo_adquisicion));
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    expect((byCost.body.items as Row[])[0].modelo).toBe('777G');
    for (const col of ['obra', 'marca', 'descripcion', 'pendiente_por_mes', 'anio', 'horometro', 'tarifa']) {
      const r = await api.call('GET', '/equipos', { token, query: { order_col: col, order_dir: 'asc' } });
      expect(r.status, col).toBe(200);
    }
    const truck = (await api.sql<{ codigo: string; placa: string; serie: string }[]>`SELECT codigo, placa, serie FROM rm_equipos WHERE placa <> '' ORDER BY id LIMIT 1`)[0];
    for (const query of [truck.codigo.toLowerCase(), truck.placa, truck.serie.slice(-7)]) {
      const r = await api.call('GET', '/equipos', { token, query: { query } });
      expect((r.body.items as Row[]).map((i) => i.codigo), query).toContain(truck.codigo);
    }
    // Accents and case do not matter; % and _ are plain characters; a match never spans two fields.
    expect((await api.call('GET', '/equipos', { token, query: { query: 'EXCAVADORA HIDRÁULICA' } })).body.total).toBeGreaterThan(0);
    expect((await api.call('GET', '/equipos', { token, query: { query: '%' } })).body.total).toBe(0);
    expect((await api.call('GET', '/equipos', { token, query: { query: `${truck.codigo} ${truck.placa}` } })).body.total).toBe(0);
    const byDescription = await api.call('GET', '/equipos', { token, query: { query: 'volquete 20', limit: 100 } });
    expect((byDescription.body.items as Row[]).length).toBeGreaterThan(0);
    expect((byDescription.body.items as Row[]).every((i) => i.descripcion === 'Volquete 20 m3')).toBe(true);
  });

  it('exports the filtered register', async () => {
    const r = await api.raw('GET', '/equipos/export?kind=csv&tipo_tarifa=MES', { headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(200);
    const text = await r.text();
    expect(text).toContain('Costo mes actual');
    const lines = text.trim().split(/\r?\n/);
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_equipos WHERE tipo_tarifa = 'MES'`;
    expect(lines).toHaveLength(n + 1);
    expect(lines.slice(1).every((l) => l.includes('Volquete'))).toBe(true);
  });

  it('exports ids and years as integers: 32, not 32.00; 2016, not 2,016.00 (issue 13 §16)', async () => {
    const [machine] = await api.sql<{ id: number; codigo: string; anio: number }[]>`
      SELECT id::int AS id, codigo, anio FROM rm_equipos WHERE anio IS NOT NULL ORDER BY id LIMIT 1`;
    const url = `/equipos/export?query=${encodeURIComponent(machine.codigo)}&kind=`;
    const auth = { headers: { authorization: `Bearer ${token}` } };
    const csv = await (await api.raw('GET', `${url}csv`, auth)).text();
    const header = csv.replace(/^\uFEFF/, '').split('\r\n')[0].split(',');
    const line = csv.split('\r\n').find((l) => l.split(',')[1] === machine.codigo);
    if (!line) throw new Error(`no line for ${machine.codigo}`);
    const fields = line.split(',');
    expect(fields[header.indexOf('ID')]).toBe(String(machine.id));
    expect(fields[header.indexOf('Año')]).toBe(String(machine.anio));
    // Seed 001 §3: the list's group and subgroup columns, with the machine's names.
    const [names] = await api.sql<{ grupo: string; subgrupo: string }[]>`
      SELECT g.nombre AS grupo, s.nombre AS subgrupo FROM rm_equipos e
        JOIN rm_equipo_grupos g ON g.id = e.id_equipo_grupo JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo WHERE e.id = ${machine.id}`;
    expect(header.indexOf('Subgrupo')).toBe(header.indexOf('Grupo') + 1);
    expect([fields[header.indexOf('Grupo')], fields[header.indexOf('Subgrupo')]]).toEqual([names.grupo, names.subgrupo]);
    const listed = (await api.call('GET', '/equipos', { token, query: { query: machine.codigo } })).body.items as Row[];
    expect(listed.find((i) => i.codigo === machine.codigo)).toMatchObject(names);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await (await api.raw('GET', `${url}xlsx`, auth)).arrayBuffer());
    const sheet = workbook.worksheets[0];
    const labels = sheet.getRow(1).values as unknown[];
    const row = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(2).value === machine.codigo);
    if (!row) throw new Error(`no row for ${machine.codigo}`);
    for (const [label, value] of [['ID', machine.id], ['Año', machine.anio]] as const) {
      const cell = row.getCell(labels.indexOf(label));
      expect(cell.value).toBe(value);
      expect(cell.numFmt).toBe('0');
    }
  });

  it('is refused without the /equipos right', async () => {
    const almacen = await api.login('almacen.obra@faena.pe');
    expect((await api.call('GET', '/equipos', { token: almacen })).status).toBe(403);
    expect((await api.call('GET', '/equipos', {})).status).toBe(401);
  });
});

describe('equipment form (seed 001 §5)', () => {
  it('submitted empty: every required field says so under it, and nothing is written', async () => {
    const before = await eventCount();
    const r = await save({ id: 0 });
    expect(r.status).toBe(422);
    expect(r.body.msg).toBe('Revise los campos marcados');
    for (const field of ['id_obra', 'codigo_sub_obra', 'codigo', 'id_equipo_grupo', 'id_equipo_subgrupo', 'id_equipo_producto', 'id_marca', 'id_modelo', 'serie', 'anio', 'id_marca_motor', 'id_modelo_motor']) {
      expect(r.body.errors[field], field).toBe('Este campo es obligatorio');
    }
    const blanks = await save({ id: 0, id_obra: null, codigo: '  ', id_equipo_grupo: '', id_marca: 0, anio: '' });
    for (const field of ['id_obra', 'codigo', 'id_equipo_grupo', 'id_marca', 'anio']) expect(blanks.body.errors[field], field).toBe('Este campo es obligatorio');
    expect(await eventCount()).toBe(before);
  });

  it('saves a machine with money as two-decimal strings and dates as days', async () => {
    const r = await save(validMachine(c, { costo_adquisicion: '185000.5', costo_anual_seguro: 3650, tarifa: '250', fecha_compra: '2024-02-29', fecha_llegada: '2024-03-15', placa: ' F4T-872 ' }));
    expect(r.status).toBe(200);
    expect(r.body.msg).toBe('Guardado correctamente');
    const item = r.body.item as Row;
    expect(item).toMatchObject({ costo_adquisicion: '185000.50', costo_anual_seguro: '3650.00', tarifa: '250.00', fecha_compra: '2024-02-29', fecha_llegada: '2024-03-15', placa: 'F4T-872', estado: 1, tipo_tarifa: 'HORA' });
    expect(String(item.costo_mes_actual)).toMatch(/^\d+\.\d{2}$/);
    const [e] = await api.sql`SELECT data FROM es_events WHERE stream_id = ${`equipo-${String(item.id)}`} AND version = 1`;
    expect((e.data as { fields: Row }).fields.costo_adquisicion).toBe('185000.50');
    const form = await api.call('POST', '/equipos/form', { token, json: { id: item.id } });
    expect(form.body.item).toMatchObject({ codigo: item.codigo, fecha_compra: '2024-02-29', costo_adquisicion: '185000.50' });
    const empty = await api.call('POST', '/equipos/form', { token, json: { id: 0 } });
    expect(empty.body.item).toMatchObject({ id: 0, codigo: '', tipo_tarifa: 'HORA', costo_mes_actual: '0.00', pendiente_por_mes: '0.00' });
  });

  it('checks the dependent fields on the server: subgroup in group, product in subgroup, model in brand, engine model in engine brand', async () => {
    const before = await eventCount();
    const loader = c.kind('Cargador frontal');
    const truck = c.kind('Volquete');
    const komatsu = c.model('Komatsu', 'PC200-8');
    const volvo = c.model('Volvo', 'D13K460');
    const cases: [Row, string, string][] = [
      [{ id_equipo_subgrupo: truck.subgrupo, id_equipo_producto: truck.producto }, 'id_equipo_subgrupo', 'El subgrupo no pertenece al grupo seleccionado'],
      [{ id_equipo_producto: loader.producto }, 'id_equipo_producto', 'La descripción no pertenece al subgrupo seleccionado'],
      [{ id_modelo: komatsu.modelo }, 'id_modelo', 'El modelo no pertenece a la marca seleccionada'],
      [{ id_modelo_motor: volvo.modelo }, 'id_modelo_motor', 'El modelo de motor no pertenece a la marca de motor seleccionada'],
      [{ id_obra: 999_999 }, 'id_obra', 'La obra no existe'],
      [{ id_equipo_grupo: 999_999 }, 'id_equipo_grupo', 'El grupo no existe'],
      [{ id_marca: 999_999 }, 'id_marca', 'La marca no existe'],
      [{ id_modelo: 999_999 }, 'id_modelo', 'El modelo no existe'],
    ];
    for (const [overrides, field, message] of cases) {
      const r = await save(validMachine(c, overrides));
      expect(r.status, message).toBe(422);
      expect(r.body.errors[field], message).toBe(message);
    }
    expect(await eventCount()).toBe(before);
  });

  it('refuses a code already used (ignoring case), a senseless year, bad money, dates, tariff and long text', async () => {
    const first = await save(validMachine(c, { codigo: 'EX-DUP-1' }));
    expect(first.status).toBe(200);
    const before = await eventCount();
    const nextYear = new Date().getUTCFullYear() + 1;
    const cases: [Row, string, string][] = [
      [{ codigo: 'ex-dup-1' }, 'codigo', 'Ya existe un equipo con ese código'],
      [{ anio: 1800 }, 'anio', `Año no válido (1950 al próximo año)`],
      [{ anio: nextYear + 1 }, 'anio', `Año no válido (1950 al próximo año)`],
      [{ anio: 'dos mil' }, 'anio', 'Año no válido'],
      [{ anio: 2020.5 }, 'anio', 'Año no válido'],
      [{ costo_adquisicion: '-1' }, 'costo_adquisicion', 'Debe ser mayor o igual a 0'],
      [{ costo_adquisicion: '1.234' }, 'costo_adquisicion', 'Máximo 2 decimales'],
      [{ costo_adquisicion: 'mil' }, 'costo_adquisicion', 'Debe ser un monto'],
      [{ tarifa: 1e21 }, 'tarifa', 'Debe ser un monto'],
      [{ costo_anual_seguro: '1234567890123' }, 'costo_anual_seguro', 'Monto demasiado grande'],
      [{ fecha_compra: '2024-02-30' }, 'fecha_compra', 'Fecha inválida'],
      [{ soat_vence: '30/01/2026' }, 'soat_vence', 'Fecha inválida (aaaa-mm-dd)'],
      [{ fecha_compra: '2024-05-01', fecha_llegada: '2024-04-30' }, 'fecha_llegada', 'La fecha de llegada no puede ser anterior a la fecha de compra'],
      [{ fecha_compra: '2024-05-01', fecha_baja: '2023-01-01' }, 'fecha_baja', 'La fecha de baja no puede ser anterior a la fecha de compra'],
      [{ tipo_tarifa: 'DIA' }, 'tipo_tarifa', 'Seleccione MES u HORA'],
      [{ tipo_tarifa: 'MES', horas: 13 }, 'horas', 'Elija de 1 a 12 meses'],
      [{ tipo_tarifa: 'HORA', horas: 745 }, 'horas', 'Elija de 1 a 744 horas'],
      [{ horometro: 12_345_678 }, 'horometro', 'Máximo 7 dígitos'],
      [{ observaciones: 'x'.repeat(501) }, 'observaciones', 'Máximo 500 caracteres'],
      [{ codigo: 'x'.repeat(501) }, 'codigo', 'Máximo 500 caracteres'],
      [{ amortizacion: 601 }, 'amortizacion', 'Máximo 600 meses'],
      [{ linea_amarilla_blanca: 2 }, 'linea_amarilla_blanca', 'Debe ser 0 o 1'],
    ];
    for (const [overrides, field, message] of cases) {
      const r = await save(validMachine(c, overrides));
      expect(r.status, JSON.stringify(overrides).slice(0, 60)).toBe(422);
      expect(r.body.errors[field], JSON.stringify(overrides).slice(0, 60)).toBe(message);
    }
    expect(await eventCount()).toBe(before);
    const ok = await save(validMachine(c, { tipo_tarifa: 'MES', horas: 12, tarifa: '28000' }));
    expect(ok.body.item).toMatchObject({ tipo_tarifa: 'MES', horas: 12, tarifa: '28000.00' });
  });

  it('saves the yellow/white line as 0 on site 8, where it does not apply', async () => {
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT coalesce(max(id), 0)::int AS n FROM rm_obras`;
    const [empresa] = await api.sql<{ id: number }[]>`SELECT id FROM rm_empresas ORDER BY id LIMIT 1`;
    for (let i = n; i < 8; i++) {
      await createRecord(api.store, 'obra', { id_empresa: empresa.id, codigo: `OB-T-${i + 1}`, nombre: `Obra de prueba ${i + 1}`, direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 });
    }
    const [eight] = await api.sql`SELECT id FROM rm_obras WHERE id = 8`;
    expect(eight).toBeTruthy();
    const on8 = await save(validMachine(c, { id_obra: 8, linea_amarilla_blanca: 1 }));
    expect(on8.status).toBe(200);
    expect((on8.body.item as Row).linea_amarilla_blanca).toBe(0);
    const elsewhere = await save(validMachine(c, { linea_amarilla_blanca: 1 }));
    expect((elsewhere.body.item as Row).linea_amarilla_blanca).toBe(1);
    const moved = await save({ ...validMachine(c, { codigo: (elsewhere.body.item as Row).codigo }), id: (elsewhere.body.item as Row).id, id_obra: 8 });
    expect(moved.status).toBe(200);
    expect((moved.body.item as Row).linea_amarilla_blanca).toBe(0);
  });

  it('edits, enables, disables and removes through the generic CRUD; a mechanic only sees', async () => {
    const created = (await save(validMachine(c))).body.item as Row;
    const edited = await save({ ...validMachine(c, { codigo: created.codigo }), id: created.id, ubicacion: 'Frente 2' });
    expect((edited.body.item as Row).ubicacion).toBe('Frente 2');
    expect((await api.call('POST', '/equipos/disable', { token, json: { id: created.id } })).body.msg).toBe('Desactivado correctamente');
    const [row] = await api.sql`SELECT estado FROM rm_equipos WHERE id = ${created.id as number}`;
    expect(row.estado).toBe(0);
    expect((await api.call('POST', '/equipos/enable', { token, json: { id: created.id } })).body.msg).toBe('Activado correctamente');
    const mechanic = await api.login('mecanico@faena.pe');
    expect((await api.call('GET', '/equipos', { token: mechanic })).status).toBe(200);
    expect((await api.call('POST', '/equipos/create', { token: mechanic, json: validMachine(c) })).status).toBe(403);
    expect((await api.call('GET', '/equipos/remove', { token: mechanic, query: { id: created.id as number } })).status).toBe(403);
    // A machine with work orders is not removed (their history would point nowhere).
    const now = new Date();
    await api.sql`INSERT INTO rm_ordenes_trabajo (id, codigo, id_obra, id_equipo, fecha_apertura_ot, version, date_created, date_updated)
      VALUES (987001, 'OT-T-1', ${created.id_obra as number}, ${created.id as number}, ${now}, 1, ${now}, ${now})`;
    const before = await eventCount();
    const refused = await api.call('GET', '/equipos/remove', { token, query: { id: created.id as number } });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe(EQUIPO_HAS_WORK_ORDERS);
    expect(await eventCount()).toBe(before);
    await api.sql`DELETE FROM rm_ordenes_trabajo WHERE id = 987001`;
    expect((await api.call('GET', '/equipos/remove', { token, query: { id: created.id as number } })).body.msg).toBe('Eliminado correctamente');
    expect((await api.call('POST', '/equipos/form', { token, json: { id: created.id } })).status).toBe(404);
    expect((await save({ ...validMachine(c), id: 987_654 })).status).toBe(404);
  });
});

describe('equipment lookups', () => {
  it('/fil_datas/equipos: active machines of a site as «code - description» with plate and serial', async () => {
    const site = c.obras[0].id;
    const r = await api.call('GET', '/fil_datas/equipos', { token, query: { id_obra: site } });
    expect(r.status).toBe(200);
    const items = r.body.items as Row[];
    const [{ n }] = await api.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM rm_equipos WHERE id_obra = ${site} AND estado = 1`;
    expect(items).toHaveLength(Math.min(100, n));
    expect(items.every((i) => i.id_obra === site)).toBe(true);
    expect(items[0]).toMatchObject({ value: expect.any(Number), label: expect.stringMatching(/^.+ - .+$/), placa: expect.any(String), serie: expect.any(String) });
    const one = await api.call('GET', '/fil_datas/equipos', { token, query: { value: items[0].value as number } });
    expect((one.body.item as Row).label).toBe(items[0].label);
    expect((await api.call('GET', '/fil_datas/equipos', { token, query: { limit: 501 } })).status).toBe(422);
    expect((await api.call('GET', '/fil_datas/equipos', { token, query: { limit: 500 } })).status).toBe(200);
  });

  it('/fil_datas/getEquipos: search by code across sites with site, plate and serial', async () => {
    const r = await api.call('GET', '/fil_datas/getEquipos', { token, query: { query: 'vq-00' } });
    const items = r.body.items as Row[];
    expect(items.length).toBeGreaterThan(1);
    expect(items.every((i) => String(i.codigo).startsWith('VQ-00'))).toBe(true);
    expect(new Set(items.map((i) => i.id_obra)).size).toBeGreaterThan(1);
    expect(items[0]).toMatchObject({ obra: expect.any(String), placa: expect.stringMatching(/^[A-Z0-9]{3}-\d{3}$/) });
    const mechanic = await api.login('mecanico@faena.pe');
    expect((await api.call('GET', '/fil_datas/getEquipos', { token: mechanic, query: { query: 'EX' } })).status).toBe(200);
  });

  it('/fil_datas/descripcionEquipo: products as descriptions, optionally of a subgroup', async () => {
    const all = await api.call('GET', '/fil_datas/descripcionEquipo', { token });
    expect((all.body.items as Row[]).map((i) => i.label)).toContain('Volquete 20 m3');
    const k = c.kind('Volquete');
    const some = await api.call('GET', '/fil_datas/descripcionEquipo', { token, query: { id_equipo_subgrupo: k.subgrupo } });
    expect((some.body.items as Row[]).map((i) => i.label).sort()).toEqual(['Volquete 15 m3', 'Volquete 20 m3']);
  });
});
