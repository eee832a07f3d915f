import { beforeAll, describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';
import { catalogueCalls, type Row } from './catalogue-test-calls';
import { SUBGROUP_OUTSIDE_GROUP } from './catalogue-routes';

// Equipment groups, subgroups and products (seed 001 §3, §5 'changing a parent clears the
// child', §7) and the removal rules they share with brands, models and units, through real calls
// on the demo data.
const api = useTestApi();
const { call, items, options, itemOf, expectOk, eventCount } = catalogueCalls(api, () => admin);

let admin: string;
let grupos: Record<string, number>;
let unidades: Record<string, number>;

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  grupos = Object.fromEntries((await api.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_equipo_grupos`).map((r) => [r.nombre, r.id]));
  unidades = Object.fromEntries((await api.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_unidades`).map((r) => [r.nombre, r.id]));
});


async function subgrupoId(nombre: string): Promise<number> {
  const [row] = await api.sql<{ id: number }[]>`SELECT id FROM rm_equipo_subgrupos WHERE nombre = ${nombre}`;
  return row.id;
}

/** A machine of the register, written as the equipment module's create writes it. */
async function createMachine(fields: Row): Promise<number> {
  const [obra] = await api.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  const [modelo] = await api.sql<{ id: number; id_marca: number }[]>`SELECT id, id_marca FROM rm_modelos ORDER BY id LIMIT 1`;
  const base = {
    id_obra: obra.id,
    codigo: `EQ-T${Date.now() % 100000}`,
    id_marca: modelo.id_marca,
    id_modelo: modelo.id,
    id_marca_motor: modelo.id_marca,
    id_modelo_motor: modelo.id,
    serie: 'SERIE-T',
    estado: 1,
  };
  return (await createRecord(api.store, 'equipo', { ...base, ...fields }, { metadata: { userId: null } })).id;
}

describe('equipment groups (/equipo_grupos)', () => {
  it('lists the groups with subgroup and product counts; the name is required and unique', async () => {
    const list = await call('GET', '/equipo_grupos', {});
    expectOk(list);
    expect(items(list).find((r) => r.nombre === 'Transporte')).toMatchObject({ subgrupos: 3, productos: 4, estado: 1 });
    const empty = await call('POST', '/equipo_grupos/create', { id: 0, nombre: '' });
    expect(empty.body.errors).toEqual({ nombre: 'Este campo es obligatorio' });
    const dup = await call('POST', '/equipo_grupos/create', { id: 0, nombre: 'compactación' });
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe un grupo de equipo con ese nombre' });
    const made = await call('POST', '/equipo_grupos/create', { id: 0, nombre: 'Izaje' });
    expectOk(made);
    grupos.Izaje = itemOf(made).id;
  });
});

describe('equipment subgroups (/equipo_subgrupos)', () => {
  it('requires group, name, maintenance unit and a value above zero', async () => {
    const empty = await call('POST', '/equipo_subgrupos/create', { id: 0, id_equipo_grupo: null, nombre: '', id_mantenimiento_unidad: null, mantenimiento_valor: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({
      id_equipo_grupo: 'Este campo es obligatorio',
      nombre: 'Este campo es obligatorio',
      id_mantenimiento_unidad: 'Este campo es obligatorio',
      mantenimiento_valor: 'Este campo es obligatorio',
    });
    const base = { id: 0, id_equipo_grupo: grupos.Izaje, nombre: 'Grúa telescópica', id_mantenimiento_unidad: unidades.HRS };
    expect((await call('POST', '/equipo_subgrupos/create', { ...base, mantenimiento_valor: 0 })).body.errors).toEqual({ mantenimiento_valor: 'Debe ser mayor a 0' });
    expect((await call('POST', '/equipo_subgrupos/create', { ...base, mantenimiento_valor: '250.125' })).body.errors).toEqual({ mantenimiento_valor: 'Máximo 2 decimales' });
    const missing = await call('POST', '/equipo_subgrupos/create', { ...base, id_equipo_grupo: 999999, id_mantenimiento_unidad: 999999, mantenimiento_valor: 250 });
    expect(missing.body.errors).toEqual({ id_equipo_grupo: 'El grupo no existe', id_mantenimiento_unidad: 'La unidad no existe' });
    const dup = await call('POST', '/equipo_subgrupos/create', { ...base, id_equipo_grupo: grupos['Transporte'], nombre: 'volquete', mantenimiento_valor: 250 });
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe un subgrupo con ese nombre en el grupo' });
    const saved = await call('POST', '/equipo_subgrupos/create', { ...base, mantenimiento_valor: '250' });
    expectOk(saved);
    expect(itemOf(saved)).toMatchObject({ nombre: 'Grúa telescópica', mantenimiento_valor: '250.00' });
  });

  it('lists by group with the maintenance interval; filters by group and state', async () => {
    const transporte = await call('GET', '/equipo_subgrupos', { id_equipo_grupo: grupos['Transporte'] });
    expect(items(transporte).map((r) => [r.nombre, r.mantenimiento_valor, r.mantenimiento_unidad])).toEqual([
      ['Camión articulado', '500.00', 'HRS'],
      ['Camión minero', '500.00', 'HRS'],
      ['Volquete', '10000.00', 'KM'],
    ]);
    const all = await call('GET', '/equipo_subgrupos', { limit: 100 });
    const groups = items(all).map((r) => r.grupo as string);
    expect(groups).toEqual([...groups].sort((a, b) => a.localeCompare(b, 'es')));
    expect((await call('GET', '/equipo_subgrupos', { estado: 0 })).body.total).toBe(0);
  });

  it('dependent lookup: only the chosen group\'s subgroups', async () => {
    const compactacion = options(await call('GET', '/fil_datas/equipo_subgrupos', { id_equipo_grupo: grupos['Compactación'] }));
    expect(compactacion.map((o) => o.label).sort()).toEqual(['Rodillo liso vibratorio', 'Rodillo pata de cabra']);
    expect(compactacion.every((o) => o.id_equipo_grupo === grupos['Compactación'])).toBe(true);
    expect(options(await call('GET', '/fil_datas/equipo_subgrupos', { id_equipo_grupo: grupos['Movimiento de tierras'], limit: 2 })).length).toBe(2);
    expect((await call('GET', '/fil_datas/equipo_subgrupos', { limit: 501 })).status).toBe(422);
  });
});

describe('equipment products (/equipo_productos)', () => {
  it('requires group, subgroup and name; the subgroup must belong to the group', async () => {
    const empty = await call('POST', '/equipo_productos/create', { id: 0, id_equipo_grupo: null, id_equipo_subgrupo: null, nombre: '' });
    expect(empty.body.errors).toEqual({ id_equipo_grupo: 'Este campo es obligatorio', id_equipo_subgrupo: 'Este campo es obligatorio', nombre: 'Este campo es obligatorio' });
    const foreign = await call('POST', '/equipo_productos/create', { id: 0, id_equipo_grupo: grupos['Compactación'], id_equipo_subgrupo: await subgrupoId('Volquete'), nombre: 'Volquete 25 m3' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ id_equipo_subgrupo: SUBGROUP_OUTSIDE_GROUP });
    const dup = await call('POST', '/equipo_productos/create', { id: 0, id_equipo_grupo: grupos['Transporte'], id_equipo_subgrupo: await subgrupoId('Volquete'), nombre: 'VOLQUETE 15 M3' });
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe un producto con ese nombre en el subgrupo' });
    expectOk(await call('POST', '/equipo_productos/create', { id: 0, id_equipo_grupo: grupos.Izaje, id_equipo_subgrupo: await subgrupoId('Grúa telescópica'), nombre: 'Grúa telescópica 50 t' }));
  });

  it('lists with group and subgroup names; filters by group and subgroup; sorts on the server', async () => {
    const byGroup = await call('GET', '/equipo_productos', { id_equipo_grupo: grupos['Movimiento de tierras'], limit: 100, order_col: 'nombre', order_dir: 'desc' });
    const names = items(byGroup).map((r) => r.nombre as string);
    expect(names.length).toBe(10);
    expect(names).toEqual([...names].sort().reverse());
    expect(items(byGroup).every((r) => r.grupo === 'Movimiento de tierras')).toBe(true);
    const bySub = await call('GET', '/equipo_productos', { id_equipo_subgrupo: await subgrupoId('Volquete') });
    expect(items(bySub).map((r) => [r.grupo, r.subgrupo, r.nombre])).toEqual([
      ['Transporte', 'Volquete', 'Volquete 15 m3'],
      ['Transporte', 'Volquete', 'Volquete 20 m3'],
    ]);
    expect((await call('GET', '/equipo_productos', { query: 'pata de cabra' })).body.total).toBe(1);
  });

  it("dependent lookup: only the chosen subgroup's products", async () => {
    const volquete = options(await call('GET', '/fil_datas/equipo_productos', { id_equipo_subgrupo: await subgrupoId('Volquete') }));
    expect(volquete.map((o) => o.label)).toEqual(['Volquete 15 m3', 'Volquete 20 m3']);
    expect(volquete[0]).toMatchObject({ id_equipo_grupo: grupos['Transporte'] });
  });
});

describe('removal and re-parenting rules', () => {
  it('a group, subgroup or product in use cannot be removed; nothing is stored; unused ones can', async () => {
    const before = await eventCount();
    const transporte = await call('GET', '/equipo_grupos/remove', { id: grupos['Transporte'] });
    expect(transporte.status).toBe(409);
    expect(transporte.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(3 subgrupos, 4 productos/);
    const volquete = await call('GET', '/equipo_subgrupos/remove', { id: await subgrupoId('Volquete') });
    expect(volquete.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(2 productos/);
    const km = await call('GET', '/unidades/remove', { id: unidades.KM });
    expect(km.status).toBe(409);
    expect(km.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(1 subgrupo de equipo/);
    expect(await eventCount()).toBe(before);

    // A machine registered under the new product blocks it, its subgroup, group, brand and model.
    const grua = await subgrupoId('Grúa telescópica');
    const [producto] = await api.sql<{ id: number }[]>`SELECT id FROM rm_equipo_productos WHERE id_equipo_subgrupo = ${grua}`;
    const marca = itemOf(await call('POST', '/marcas/create', { id: 0, nombre: 'Tadano' }));
    const modelo = itemOf(await call('POST', '/modelos/create', { id: 0, id_marca: marca.id, nombre: 'GR-500EX' }));
    const machine = await createMachine({ id_equipo_grupo: grupos.Izaje, id_equipo_subgrupo: grua, id_equipo_producto: producto.id, id_marca_motor: marca.id, id_modelo_motor: modelo.id });
    expect((await call('GET', '/equipo_productos/remove', { id: producto.id })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 equipo)');
    expect((await call('GET', '/equipo_subgrupos/remove', { id: grua })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 producto, 1 equipo)');
    expect((await call('GET', '/equipo_grupos/remove', { id: grupos.Izaje })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 subgrupo, 1 producto, 1 equipo)');
    expect((await call('GET', '/marcas/remove', { id: marca.id })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 modelo, 1 equipo)');
    expect((await call('GET', '/modelos/remove', { id: modelo.id })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 equipo)');

    // A product or subgroup in use keeps its parents.
    const izajeSub = itemOf(await call('POST', '/equipo_subgrupos/create', { id: 0, id_equipo_grupo: grupos.Izaje, nombre: 'Grúa sobre camión', id_mantenimiento_unidad: unidades.HRS, mantenimiento_valor: 500 }));
    const movedProduct = await call('POST', '/equipo_productos/create', { id: producto.id, id_equipo_grupo: grupos.Izaje, id_equipo_subgrupo: izajeSub.id, nombre: 'Grúa telescópica 50 t' });
    expect(movedProduct.body.errors).toEqual({ id_equipo_subgrupo: 'No se puede cambiar el grupo ni el subgrupo: el producto tiene equipos asociados' });
    const movedSub = await call('POST', '/equipo_subgrupos/create', { id: grua, id_equipo_grupo: grupos['Transporte'], nombre: 'Grúa telescópica', id_mantenimiento_unidad: unidades.HRS, mantenimiento_valor: 250 });
    expect(movedSub.body.errors).toEqual({ id_equipo_grupo: 'No se puede cambiar el grupo: el subgrupo tiene productos o equipos asociados' });
    // An unused subgroup may move to another group; the name stays editable in place.
    expectOk(await call('POST', '/equipo_subgrupos/create', { id: izajeSub.id, id_equipo_grupo: grupos['Transporte'], nombre: 'Grúa sobre camión', id_mantenimiento_unidad: unidades.KM, mantenimiento_valor: 5000 }));
    expectOk(await call('POST', '/equipo_productos/create', { id: producto.id, id_equipo_grupo: grupos.Izaje, id_equipo_subgrupo: grua, nombre: 'Grúa telescópica 55 t' }));

    // Once the machine is gone everything can be removed, children first.
    await api.sql`DELETE FROM rm_equipos WHERE id = ${machine}`;
    for (const [path, id] of [
      ['/equipo_productos', producto.id],
      ['/equipo_subgrupos', grua],
      ['/equipo_subgrupos', izajeSub.id],
      ['/equipo_grupos', grupos.Izaje],
      ['/modelos', modelo.id],
      ['/marcas', marca.id],
    ] as const) {
      expect((await call('GET', `${path}/remove`, { id })).body.msg, path).toBe('Eliminado correctamente');
    }
  });

  it('brands with models cannot be removed; model names are unique within the brand', async () => {
    const [cat] = await api.sql<{ id: number }[]>`SELECT id FROM rm_marcas WHERE nombre = 'Caterpillar'`;
    const r = await call('GET', '/marcas/remove', { id: cat.id });
    expect(r.status).toBe(409);
    expect(r.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(\d+ modelos/);
    const dup = await call('POST', '/modelos/create', { id: 0, id_marca: cat.id, nombre: 'd6t' });
    expect(dup.body.errors).toEqual({ nombre: 'Ya existe un modelo con ese nombre en la marca' });
    const noBrand = await call('POST', '/modelos/create', { id: 0, id_marca: null, nombre: 'X' });
    expect(noBrand.body.errors).toEqual({ id_marca: 'Este campo es obligatorio' });
    const unit = await call('POST', '/unidades/create', { id: 0, nombre: 'und' });
    expect(unit.body.errors).toEqual({ nombre: 'Ya existe una unidad con ese nombre' });
  });

  it('master data needs the module: 403 without it', async () => {
    const mecanico = await api.login('mecanico@faena.pe');
    for (const path of ['/equipo_grupos', '/equipo_subgrupos', '/equipo_productos']) {
      expect((await call('GET', path, {}, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/form`, { id: 0 }, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/create`, { id: 0 }, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/disable`, { id: 1 }, mecanico)).status, path).toBe(403);
      expect((await call('GET', `${path}/remove`, { id: 1 }, mecanico)).status, path).toBe(403);
    }
    expectOk(await call('GET', '/fil_datas/equipo_grupos', {}, mecanico));
  });
});
