import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { catalogueCalls, type Option, type Row } from './catalogue-test-calls';

// Material types, materials and unit conversions (seed 001 §3, §5, §7, §9) through real calls on
// the demo data: validation, lists, lookups, removal rules and access.
const api = useTestApi();
const { call, items, itemOf, expectOk, eventCount } = catalogueCalls(api, () => admin);

let admin: string;
let unidades: Record<string, number>;
/** Material type ids by name, read again after each creation. */
let tipos: Record<string, number> = {};
async function readTipos() {
  tipos = Object.fromEntries((await api.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_material_tipos`).map((r) => [r.nombre, r.id]));
}

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  await readTipos();
  unidades = Object.fromEntries((await api.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_unidades`).map((r) => [r.nombre, r.id]));
});


describe('material types (/material_tipos)', () => {
  it('lists with material counts and allowed units, sorted by name, searchable', async () => {
    const list = await call('GET', '/material_tipos', { limit: 100 });
    expectOk(list);
    const names = items(list).map((r) => r.nombre as string);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    const filtros = items(list).find((r) => r.nombre === 'Filtros')!;
    expect(filtros).toMatchObject({ codigo: 'FIL', materiales: 29, unidades: 'CJA, UND', estado: 1 });
    const found = await call('GET', '/material_tipos', { query: 'epp' });
    expect(items(found).map((r) => r.nombre)).toEqual(['Equipos de protección personal']);
  });

  it('requires the name; name and (when given) code are unique', async () => {
    const empty = await call('POST', '/material_tipos/create', { id: 0 });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ nombre: 'Este campo es obligatorio' });
    const dup = await call('POST', '/material_tipos/create', { id: 0, codigo: 'fil', nombre: 'filtros' });
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe un tipo de material con ese nombre', codigo: 'Ya existe un tipo de material con ese código' });
    // Without a code twice: the code is optional and empty codes do not clash.
    expectOk(await call('POST', '/material_tipos/create', { id: 0, nombre: 'Pinturas' }));
    expectOk(await call('POST', '/material_tipos/create', { id: 0, nombre: 'Señalización', codigo: '' }));
    await readTipos();
  });

  it('disables and enables: inactive types leave the lookup', async () => {
    const id = tipos['Herramientas'];
    expect((await call('POST', '/material_tipos/disable', { id })).body.msg).toBe('Desactivado correctamente');
    const inactive = await call('GET', '/material_tipos', { estado: 0 });
    expect(items(inactive).map((r) => r.id)).toContain(id);
    const lookup = await call('GET', '/fil_datas/material_tipos', {});
    expect((lookup.body.items as Option[]).map((o) => o.value)).not.toContain(id);
    expect((await call('POST', '/material_tipos/enable', { id })).body.msg).toBe('Activado correctamente');
    expect(((await call('GET', '/fil_datas/material_tipos', {})).body.items as Option[]).find((o) => o.value === id)).toMatchObject({ label: 'Herramientas', codigo: 'HER' });
  });
});

describe('materials (/materiales)', () => {
  it('requires type, code and name; the code is unique; the type must exist', async () => {
    const empty = await call('POST', '/materiales/create', { id: 0, id_material_tipo: null, codigo: '', nombre: ' ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ id_material_tipo: 'Este campo es obligatorio', codigo: 'Este campo es obligatorio', nombre: 'Este campo es obligatorio' });
    const dup = await call('POST', '/materiales/create', { id: 0, id_material_tipo: tipos['Filtros'], codigo: 'cat 1r-0750', nombre: 'Otro filtro' });
    expect(dup.body.errors).toEqual({ codigo: 'Ya existe un material con ese código' });
    const noType = await call('POST', '/materiales/create', { id: 0, id_material_tipo: 999999, codigo: 'X-1', nombre: 'X' });
    expect(noType.body.errors).toEqual({ id_material_tipo: 'El tipo de material no existe' });
    const saved = await call('POST', '/materiales/create', { id: 0, id_material_tipo: tipos['Filtros'], codigo: 'CAT 1R-1807', nombre: 'Filtro de aceite 3406' });
    expectOk(saved);
    expect(saved.body).toMatchObject({ is_new: true, msg: 'Guardado correctamente' });
    // Saving the record again under its own code is no clash.
    expectOk(await call('POST', '/materiales/create', { id: itemOf(saved).id, id_material_tipo: tipos['Filtros'], codigo: 'CAT 1R-1807', nombre: 'Filtro de aceite 3406 / C15' }));
  });

  it('filters by type and state, sorts on the server, searches code and name', async () => {
    const byType = await call('GET', '/materiales', { id_material_tipo: tipos['Lubricantes'], limit: 100, order_col: 'codigo', order_dir: 'desc' });
    expectOk(byType);
    expect(byType.body.total).toBe(15);
    expect(items(byType).every((r) => r.material_tipo === 'Lubricantes' && r.id_material_tipo === tipos['Lubricantes'])).toBe(true);
    const codes = items(byType).map((r) => r.codigo as string);
    const [expected] = await api.sql`SELECT array_agg(codigo ORDER BY codigo DESC, id DESC) AS c FROM rm_materiales WHERE id_material_tipo = ${tipos['Lubricantes']}`;
    expect(codes).toEqual(expected.c);
    const search = await call('GET', '/materiales', { query: 'DELVAC' });
    expect(search.body.total).toBe(4);
    const byCode = await call('GET', '/materiales', { query: '1R-0750' });
    expect(items(byCode).map((r) => r.nombre)).toEqual(['Filtro de combustible C7/C9']);
    const badOrder = await call('GET', '/materiales', { order_col: 'id_material_tipo' });
    expect(badOrder.status).toBe(422);
  });

  it('lookup: at least 4 characters, code or name, active only, by type, limits', async () => {
    const short = await call('GET', '/fil_datas/materiales', { query: 'fil' });
    expect(short.body.items).toEqual([]);
    const four = await call('GET', '/fil_datas/materiales', { query: 'filt' });
    const found = four.body.items as Option[];
    expect(found.length).toBeGreaterThan(20);
    expect(found.every((o) => /filt/i.test(o.label))).toBe(true);
    expect(found[0]).toEqual({ value: expect.any(Number), label: `${String(found[0].codigo)} - ${String(found[0].nombre)}`, codigo: expect.any(String), nombre: expect.any(String), id_material_tipo: expect.any(Number) });
    const byCode = await call('GET', '/fil_datas/materiales', { query: 'P551' });
    expect((byCode.body.items as Option[]).map((o) => o.codigo)).toEqual(['DON P551551']);
    const ofType = await call('GET', '/fil_datas/materiales', { query: 'filtro', id_material_tipo: tipos['Herramientas'] });
    expect(ofType.body.items).toEqual([]);
    expect(((await call('GET', '/fil_datas/materiales', { query: 'filt', limit: 5 })).body.items as Option[]).length).toBe(5);
    expect((await call('GET', '/fil_datas/materiales', { query: 'filt', limit: 501 })).status).toBe(422);
    // Active rows only.
    const [m] = await api.sql<{ id: number }[]>`SELECT id FROM rm_materiales WHERE codigo = 'DON P551551'`;
    expectOk(await call('POST', '/materiales/disable', { id: m.id }));
    expect((await call('GET', '/fil_datas/materiales', { query: 'P551' })).body.items).toEqual([]);
    // A value is found whatever the length of the query (a saved line shows its label).
    expectOk(await call('POST', '/materiales/enable', { id: m.id }));
    expect((await call('GET', '/fil_datas/materiales', { value: m.id })).body.item).toMatchObject({ value: m.id, label: 'DON P551551 - Filtro de aceite Donaldson P551551' });
  });

  it('a material on a work-order spare-part line cannot be removed; once free it can', async () => {
    const made = await call('POST', '/materiales/create', { id: 0, id_material_tipo: tipos['Repuestos'], codigo: 'CAT 9X-0001', nombre: 'Pieza de prueba' });
    const id = itemOf(made).id;
    await api.sql`INSERT INTO rm_ot_lineas (id, id_orden_trabajo, tabla, line, date_created, date_updated)
      VALUES (990001, 990001, 'productos_solicitados', ${api.sql.json({ id_material: id, cantidad_solicitada_por_tecnico: 2 })}, now(), now())`;
    const before = await eventCount();
    const refused = await call('GET', '/materiales/remove', { id });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ ok: false, msg: 'No se puede eliminar: tiene registros asociados (1 repuesto de OT)' });
    expect(await eventCount()).toBe(before);
    await api.sql`DELETE FROM rm_ot_lineas WHERE id = 990001`;
    expect((await call('GET', '/materiales/remove', { id })).body.msg).toBe('Eliminado correctamente');
    expect((await call('POST', '/materiales/form', { id })).status).toBe(404);
  });
});

describe('unit conversions (/conversion_unidades)', () => {
  it('requires type, unit and a value above zero with at most 4 decimals', async () => {
    const empty = await call('POST', '/conversion_unidades/create', { id: 0, id_material_tipo: '', id_unidad: null, valor: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ id_material_tipo: 'Este campo es obligatorio', id_unidad: 'Este campo es obligatorio', valor: 'Este campo es obligatorio' });
    const base = { id: 0, id_material_tipo: tipos['Pinturas'], id_unidad: unidades['GLN'] };
    for (const [valor, message] of [
      [0, 'Debe ser mayor a 0'],
      ['-2', 'Debe ser un número'],
      ['abc', 'Debe ser un número'],
      ['1.23456', 'Máximo 4 decimales'],
      [10_000_000_000, 'Máximo 9999999999.9999'],
    ] as const) {
      const r = await call('POST', '/conversion_unidades/create', { ...base, valor });
      expect(r.body.errors, String(valor)).toEqual({ valor: message });
    }
    const noUnit = await call('POST', '/conversion_unidades/create', { ...base, id_unidad: 999999, valor: 1 });
    expect(noUnit.body.errors).toEqual({ id_unidad: 'La unidad no existe' });
  });

  it('one conversion per type and unit; the value is stored as a number and listed as decimal text', async () => {
    const dup = await call('POST', '/conversion_unidades/create', { id: 0, id_material_tipo: tipos['Filtros'], id_unidad: unidades['UND'], valor: 2 });
    expect(dup.body.errors).toEqual({ id_unidad: 'Ya existe una conversión para ese tipo de material y unidad' });
    const saved = await call('POST', '/conversion_unidades/create', { id: 0, id_material_tipo: tipos['Pinturas'], id_unidad: unidades['LT'], valor: '3.7854' });
    expectOk(saved);
    const id = itemOf(saved).id;
    expect(itemOf(saved)).toMatchObject({ valor: '3.7854' });
    const [created] = await api.store.readStream(`conversion_unidad-${id}`);
    expect((created.data.fields as Row).valor).toBe(3.7854);
    // The same value again is no change (no event); its own pair is no clash.
    expectOk(await call('POST', '/conversion_unidades/create', { id, id_material_tipo: tipos['Pinturas'], id_unidad: unidades['LT'], valor: '3.78540' }));
    expect((await api.store.readStream(`conversion_unidad-${id}`)).length).toBe(1);
    const list = await call('GET', '/conversion_unidades', { id_material_tipo: tipos['Pinturas'] });
    expect(items(list)).toEqual([expect.objectContaining({ id, material_tipo: 'Pinturas', unidad: 'LT', valor: '3.7854', estado: 1 })]);
    const byUnit = await call('GET', '/conversion_unidades', { id_unidad: unidades['CJA'], limit: 100 });
    expect(items(byUnit).every((r) => r.unidad === 'CJA')).toBe(true);
    expect(items(byUnit).map((r) => r.material_tipo)).toEqual([...items(byUnit).map((r) => r.material_tipo as string)].sort((a, b) => a.localeCompare(b, 'es')));
  });

  it("lookup: the type's allowed units (type required), with their factor", async () => {
    const none = await call('GET', '/fil_datas/conversion_unidades', {});
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ id_material_tipo: 'Este campo es obligatorio' });
    const filtros = await call('GET', '/fil_datas/conversion_unidades', { id_material_tipo: tipos['Filtros'] });
    expect(filtros.body.items).toEqual([
      { value: unidades['CJA'], label: 'CJA', valor: '12.0000', id_material_tipo: tipos['Filtros'] },
      { value: unidades['UND'], label: 'UND', valor: '1.0000', id_material_tipo: tipos['Filtros'] },
    ]);
  });

  it('a type with materials or conversions, or a unit counted in, cannot be removed; nothing is stored', async () => {
    const before = await eventCount();
    const filtros = await call('GET', '/material_tipos/remove', { id: tipos['Filtros'] });
    expect(filtros.status).toBe(409);
    expect(filtros.body.msg).toBe('No se puede eliminar: tiene registros asociados (30 materiales, 2 conversiones de unidad)');
    const und = await call('GET', '/unidades/remove', { id: unidades['GLN'] });
    expect(und.status).toBe(409);
    expect(und.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(3 conversiones de unidad/);
    expect(await eventCount()).toBe(before);

    const pinturas = await call('GET', '/material_tipos/remove', { id: tipos['Pinturas'] });
    expect(pinturas.body.msg).toBe('No se puede eliminar: tiene registros asociados (1 conversión de unidad)');
    const [conv] = await api.sql<{ id: number }[]>`SELECT id FROM rm_conversion_unidades WHERE id_material_tipo = ${tipos['Pinturas']}`;
    expect((await call('GET', '/conversion_unidades/remove', { id: conv.id })).body.msg).toBe('Eliminado correctamente');
    expect((await call('GET', '/material_tipos/remove', { id: tipos['Pinturas'] })).body.msg).toBe('Eliminado correctamente');
  });
});

describe('access', () => {
  it('master data needs the module: a profile without it gets 403 and cannot write; lookups stay open', async () => {
    const mecanico = await api.login('mecanico@faena.pe');
    for (const path of ['/materiales', '/material_tipos', '/conversion_unidades']) {
      expect((await call('GET', path, {}, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/form`, { id: 0 }, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/create`, { id: 0 }, mecanico)).status, path).toBe(403);
    }
    // Lookups only need a session (work orders use them).
    expectOk(await call('GET', '/fil_datas/materiales', { query: 'filtro' }, mecanico));
    // The central warehouse reads materials through the lookup only: the catalogue is the
    // administrator's (docs/DECISIONS.md, master data); writing is refused the same way.
    const almacen = await api.login('almacen.central@faena.pe');
    expect((await call('GET', '/materiales', {}, almacen)).status).toBe(403);
    expectOk(await call('GET', '/fil_datas/materiales', { query: 'filtro' }, almacen));
    expect((await call('POST', '/materiales/create', { id: 0, id_material_tipo: tipos['Filtros'], codigo: 'Z-1', nombre: 'Z' }, almacen)).status).toBe(403);
    expect((await call('POST', '/materiales/disable', { id: 1 }, almacen)).status).toBe(403);
    expect((await call('GET', '/materiales/remove', { id: 1 }, almacen)).status).toBe(403);
  });
});
