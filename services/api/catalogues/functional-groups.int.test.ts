import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApi } from '../../../tests/harness/api';
import { catalogueCalls } from './catalogue-test-calls';
import { PARENT_IS_DESCENDANT, PARENT_OUTSIDE_GROUP } from './catalogue-routes';

// Functional groups and their element trees (seed 001 §3, §5, §7, §9) through real calls on the
// demo data: validation (the parent in the chosen group, never a loop), lists, the dependent and
// autocomplete lookups, removal rules and access.
const api = useTestApi();
const { call, items, options, itemOf, expectOk, eventCount } = catalogueCalls(api, () => admin);

let admin: string;
let grupos: Record<string, number>;

beforeAll(async () => {
  admin = await api.login('admin@faena.pe');
  grupos = Object.fromEntries((await api.sql<{ id: number; sigla: string }[]>`SELECT id, sigla FROM rm_grupos_funcionales`).map((r) => [r.sigla, r.id]));
});


async function elementId(sigla: string, numero: string): Promise<number> {
  const [row] = await api.sql<{ id: number }[]>`SELECT id FROM rm_grupo_funcional_elementos WHERE id_grupo_funcional = ${grupos[sigla]} AND numero = ${numero}`;
  return row.id;
}

describe('functional groups (/grupos_funcionales)', () => {
  it('lists the groups with their element counts', async () => {
    const list = await call('GET', '/grupos_funcionales', { limit: 50 });
    expectOk(list);
    expect(list.body.total).toBe(11);
    expect(items(list).find((r) => r.sigla === 'MOT')).toMatchObject({ nombre: 'Motor', elementos: 24, estado: 1 });
    const sorted = await call('GET', '/grupos_funcionales', { order_col: 'sigla', order_dir: 'desc', limit: 3 });
    expect(items(sorted).map((r) => r.sigla)).toEqual(['TRD', 'TRA', 'NEU']);
  });

  it('requires sigla and nombre, each unique', async () => {
    const empty = await call('POST', '/grupos_funcionales/create', { id: 0, sigla: '', nombre: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ sigla: 'Este campo es obligatorio', nombre: 'Este campo es obligatorio' });
    const dup = await call('POST', '/grupos_funcionales/create', { id: 0, sigla: 'mot', nombre: 'frenos' });
    expect(dup.body.errors).toEqual({ sigla: 'Ya existe un grupo funcional con esa sigla', nombre: 'Ya existe un grupo funcional con ese nombre' });
    const made = await call('POST', '/grupos_funcionales/create', { id: 0, sigla: 'LUBC', nombre: 'Lubricación centralizada' });
    expectOk(made);
    grupos.LUBC = itemOf(made).id;
  });
});

describe('elements (/grupo_funcional_elementos)', () => {
  it('requires numero, nombre and group; the parent is optional', async () => {
    const empty = await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '', nombre: '', id_grupo_funcional: null, id_padre: null });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ numero: 'Este campo es obligatorio', nombre: 'Este campo es obligatorio', id_grupo_funcional: 'Este campo es obligatorio' });
    const noGroup = await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '01', nombre: 'X', id_grupo_funcional: 999999 });
    expect(noGroup.body.errors).toEqual({ id_grupo_funcional: 'El grupo funcional no existe' });
    expectOk(await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '01', nombre: 'Bomba de engrase', id_grupo_funcional: grupos.LUBC, id_padre: '' }));
  });

  it('the parent must exist and belong to the chosen group; numbers are unique within a group', async () => {
    const foreign = await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '06', nombre: 'Sistema de arranque en frío', id_grupo_funcional: grupos.MOT, id_padre: await elementId('TRA', '02') });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ id_padre: PARENT_OUTSIDE_GROUP });
    const missing = await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '06', nombre: 'X', id_grupo_funcional: grupos.MOT, id_padre: 999999 });
    expect(missing.body.errors).toEqual({ id_padre: 'El elemento padre no existe' });
    const dup = await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '01.01', nombre: 'Otra bomba', id_grupo_funcional: grupos.MOT, id_padre: await elementId('MOT', '01') });
    expect(dup.body.errors).toEqual({ numero: 'Ya existe un elemento con ese número en el grupo funcional' });
    // The same number in another group is another element.
    expectOk(await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '01.01', nombre: 'Radiador de aceite', id_grupo_funcional: grupos.ENF, id_padre: await elementId('ENF', '01') }));
  });

  it('never a loop: an element cannot hang from itself or its descendants; with children it keeps its group', async () => {
    const top = itemOf(await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '06', nombre: 'Arranque en frío', id_grupo_funcional: grupos.MOT }));
    const child = itemOf(await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '06.01', nombre: 'Bujías de precalentamiento', id_grupo_funcional: grupos.MOT, id_padre: top.id }));
    const grandchild = itemOf(await call('POST', '/grupo_funcional_elementos/create', { id: 0, numero: '06.01.01', nombre: 'Relé de bujías', id_grupo_funcional: grupos.MOT, id_padre: child.id }));
    for (const parent of [top.id, child.id, grandchild.id]) {
      const r = await call('POST', '/grupo_funcional_elementos/create', { id: top.id, numero: '06', nombre: 'Arranque en frío', id_grupo_funcional: grupos.MOT, id_padre: parent });
      expect(r.body.errors, String(parent)).toEqual({ id_padre: PARENT_IS_DESCENDANT });
    }
    const moved = await call('POST', '/grupo_funcional_elementos/create', { id: top.id, numero: '09', nombre: 'Arranque en frío', id_grupo_funcional: grupos.ELE, id_padre: null });
    expect(moved.body.errors).toEqual({ id_grupo_funcional: 'No se puede cambiar el grupo: el elemento tiene elementos hijos' });
    // A leaf may move to another group (its parent must then be of that group).
    const leaf = await call('POST', '/grupo_funcional_elementos/create', { id: grandchild.id, numero: '08', nombre: 'Relé de bujías', id_grupo_funcional: grupos.ELE, id_padre: null });
    expectOk(leaf);
    expect(itemOf(leaf)).toMatchObject({ id_grupo_funcional: grupos.ELE, id_padre: null });
    // Re-parenting inside the tree is fine.
    expectOk(await call('POST', '/grupo_funcional_elementos/create', { id: child.id, numero: '06.01', nombre: 'Bujías de precalentamiento', id_grupo_funcional: grupos.MOT, id_padre: await elementId('MOT', '01') }));
  });

  it('lists by group in number order, filters by group, parent and state, shows the parent', async () => {
    const mot = await call('GET', '/grupo_funcional_elementos', { id_grupo_funcional: grupos.MOT, limit: 100 });
    expectOk(mot);
    const numbers = items(mot).map((r) => r.numero as string);
    expect(numbers.slice(0, 4)).toEqual(['01', '01.01', '01.02', '01.03']);
    expect(numbers).toEqual([...numbers].sort());
    expect(items(mot).every((r) => r.grupo_funcional === 'Motor' && r.id_grupo_funcional === grupos.MOT)).toBe(true);
    expect(items(mot).find((r) => r.numero === '01.01')).toMatchObject({ nombre: 'Bomba de inyección', padre: '01 - Sistema de combustible', sigla: 'MOT' });
    const children = await call('GET', '/grupo_funcional_elementos', { id_padre: await elementId('TRD', '02') });
    expect(items(children).map((r) => r.nombre)).toEqual(['Rodillos inferiores', 'Rodillos superiores']);
    // Default order: group name, then number.
    const all = await call('GET', '/grupo_funcional_elementos', { limit: 3 });
    expect(items(all).map((r) => `${String(r.grupo_funcional)} ${String(r.numero)}`)).toEqual(['Cabina y estructura 01', 'Cabina y estructura 01.01', 'Cabina y estructura 01.02']);
    const search = await call('GET', '/grupo_funcional_elementos', { query: 'turbo' });
    expect(items(search).map((r) => r.nombre)).toEqual(['Turbocompresor']);
  });

  it('autocomplete lookup: 4 characters at least, number or name, optional group, active only, limits', async () => {
    expect((await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'bom' })).body.items).toEqual([]);
    const bombas = options(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'bomba' }));
    expect(bombas.map((o) => o.label)).toContain('01.01 - Bomba de inyección');
    expect(bombas.find((o) => o.label === '01.01 - Bomba de inyección')).toMatchObject({ id_grupo_funcional: grupos.MOT });
    const ofTra = options(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'bomba', id_grupo_funcional: grupos.TRA }));
    expect(ofTra.map((o) => o.label)).toEqual(['02.03 - Bomba de transmisión']);
    const byNumber = options(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: '03.0', id_grupo_funcional: grupos.HID }));
    expect(byNumber.map((o) => o.label)).toEqual(['03.01 - Cilindro de pluma', '03.02 - Cilindro de brazo', '03.03 - Cilindro de cucharón', '03.04 - Cilindro de levante']);
    expect(options(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'sistema', limit: 2 })).length).toBe(2);
    expect((await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'sistema', limit: 501 })).status).toBe(422);
    const turbo = await elementId('MOT', '03.01');
    expectOk(await call('POST', '/grupo_funcional_elementos/disable', { id: turbo }));
    expect((await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'turbo' })).body.items).toEqual([]);
    expectOk(await call('POST', '/grupo_funcional_elementos/enable', { id: turbo }));
    expect(options(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'turbo' })).map((o) => o.value)).toEqual([turbo]);
  });

  it("parent lookup: the chosen group's elements only, the group required, no minimum length", async () => {
    const none = await call('GET', '/fil_datas/elementos_padre', {});
    expect(none.status).toBe(422);
    const dir = options(await call('GET', '/fil_datas/elementos_padre', { id_grupo_funcional: grupos.DIR }));
    expect(dir.map((o) => o.label)).toEqual([
      '01 - Bomba de dirección',
      '02 - Cilindro de dirección',
      '03 - Válvula de dirección (orbitrol)',
      '04 - Articulación central',
      '05 - Terminales y barras',
    ]);
    expect(dir.every((o) => o.id_grupo_funcional === grupos.DIR)).toBe(true);
    expect(options(await call('GET', '/fil_datas/elementos_padre', { id_grupo_funcional: grupos.MOT, limit: 3 })).length).toBe(3);
  });

  it('an element with children, or named on a work-order line, cannot be removed; nothing is stored', async () => {
    const before = await eventCount();
    const group = await call('GET', '/grupos_funcionales/remove', { id: grupos.TRD });
    expect(group.status).toBe(409);
    expect(group.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(10 elementos/);
    const rodillos = await call('GET', '/grupo_funcional_elementos/remove', { id: await elementId('TRD', '02') });
    expect(rodillos.status).toBe(409);
    expect(rodillos.body.msg).toMatch(/^No se puede eliminar: tiene registros asociados \(2 elementos hijos/);
    expect(await eventCount()).toBe(before);

    const bomba = await elementId('LUBC', '01');
    await api.sql`INSERT INTO rm_ot_lineas (id, id_orden_trabajo, tabla, line, date_created, date_updated)
      VALUES (990101, 990101, 'diagnosticos', ${api.sql.json({ id_grupo_funcional: grupos.LUBC, id_grupo_funcional_elemento: bomba })}, now(), now())`;
    expect((await call('GET', '/grupo_funcional_elementos/remove', { id: bomba })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 línea de OT)');
    expect((await call('GET', '/grupos_funcionales/remove', { id: grupos.LUBC })).body.msg).toBe('No se puede eliminar: tiene registros asociados (1 elemento, 1 línea de OT)');
    await api.sql`DELETE FROM rm_ot_lineas WHERE id = 990101`;
    expect((await call('GET', '/grupo_funcional_elementos/remove', { id: bomba })).body.msg).toBe('Eliminado correctamente');
    expect((await call('GET', '/grupos_funcionales/remove', { id: grupos.LUBC })).body.msg).toBe('Eliminado correctamente');
  });

  it('master data needs the module: 403 without it', async () => {
    const mecanico = await api.login('mecanico@faena.pe');
    for (const path of ['/grupos_funcionales', '/grupo_funcional_elementos']) {
      expect((await call('GET', path, {}, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/create`, { id: 0 }, mecanico)).status, path).toBe(403);
      expect((await call('POST', `${path}/enable`, { id: 1 }, mecanico)).status, path).toBe(403);
      expect((await call('GET', `${path}/remove`, { id: 1 }, mecanico)).status, path).toBe(403);
    }
    expectOk(await call('GET', '/fil_datas/grupo_funcional_elementos', { query: 'bomba' }, mecanico));
  });
});
