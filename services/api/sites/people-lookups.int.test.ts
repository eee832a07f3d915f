import { describe, expect, it } from 'vitest';
import { createRecord } from '../../../events/record/commands';
import { useTestApi } from '../../../tests/harness/api';

// The people selects of the work-order form (seed 001 §7 'Lookups', §9 profile ids and limits).
const api = useTestApi();

type Person = { value: number; label: string; name: string; surname: string; id_obra: number | null };

const LOOKUPS = [
  ['/fil_datas/operadores', 11],
  ['/fil_datas/supervisores', 15],
  ['/fil_datas/mecanicos', 14],
  ['/fil_datas/jefesSupervisores', 17],
  ['/fil_datas/almacenerosDeObra', 19],
] as const;

/** Whether a user works at a site: every site (all_works), their own, or an assigned one. */
async function worksAt(userId: number, obra: number): Promise<boolean> {
  const [row] = await api.sql`SELECT (u.all_works = 1 OR u.id_obra = ${obra}
      OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${obra})) AS ok
    FROM rm_users u WHERE u.id = ${userId}`;
  return Boolean(row?.ok);
}

describe('people lookups', () => {
  it('each lists the active users of its profile at the site, labelled "name surname", with what a select needs only', async () => {
    const token = await api.login('mecanico@faena.pe'); // any signed-in user
    for (const [path, role] of LOOKUPS) {
      for (const obra of [1, 5, 8]) {
        const r = await api.call('GET', path, { token, query: { id_obra: obra } });
        expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
        const items = r.body.items as Person[];
        expect(items.length, `${path} obra ${obra}`).toBeGreaterThan(0);
        const ids = items.map((i) => i.value);
        const roles = await api.sql`SELECT DISTINCT id_role FROM rm_users WHERE id = ANY(${ids})`;
        expect(roles.map((x) => x.id_role)).toEqual([role]);
        for (const i of items) {
          expect(await worksAt(i.value, obra), `${path}: ${i.label} at ${obra}`).toBe(true);
          expect(i.label).toBe(`${i.name} ${i.surname}`);
          // Issue 13 §10: no national ID, no signature file.
          expect(Object.keys(i).sort()).toEqual(['id_obra', 'label', 'name', 'surname', 'value']);
        }
        // Everyone of the profile who works at the site is offered.
        const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_users u WHERE u.id_role = ${role} AND u.estado = 1 AND (u.all_works = 1 OR u.id_obra = ${obra}
          OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${obra} AND uo.estado = 1))`;
        expect(items.length).toBe(n);
      }
    }
  });

  it('the demo has 3–4 operators, 2 mechanics, 1 supervisor and 1 site warehouse keeper of its own per site, and the jefes of each company', async () => {
    const token = await api.login('admin@faena.pe');
    const own = async (path: string, obra: number) => ((await api.call('GET', path, { token, query: { id_obra: obra } })).body.items as Person[]).filter((p) => p.id_obra === obra);
    for (const obra of [1, 2, 3, 4, 5, 6, 7, 8]) {
      expect((await own('/fil_datas/operadores', obra)).length).toBe(obra === 1 ? 4 : 3);
      expect((await own('/fil_datas/mecanicos', obra)).length).toBe(2);
      expect((await own('/fil_datas/supervisores', obra)).length).toBe(1);
      expect((await own('/fil_datas/almacenerosDeObra', obra)).length).toBe(1);
    }
    const jefesAndina = (await api.call('GET', '/fil_datas/jefesSupervisores', { token, query: { id_obra: 7 } })).body.items as Person[];
    const jefesMinera = (await api.call('GET', '/fil_datas/jefesSupervisores', { token, query: { id_obra: 5 } })).body.items as Person[];
    // Each company's jefe is assigned to that company's sites only (the demo's own jefe sees all).
    const onlyAndina = jefesAndina.filter((j) => !jefesMinera.some((m) => m.value === j.value));
    const onlyMinera = jefesMinera.filter((j) => !jefesAndina.some((a) => a.value === j.value));
    expect([onlyAndina.length, onlyMinera.length]).toEqual([1, 1]);
  });

  it('without id_obra: every active user of the profile; with one: other sites\' people are left out; inactive users never', async () => {
    const token = await api.login('admin@faena.pe');
    const all = (await api.call('GET', '/fil_datas/mecanicos', { token })).body.items as Person[];
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_users WHERE id_role = 14 AND estado = 1`;
    expect(all.length).toBe(n);
    const atLima = (await api.call('GET', '/fil_datas/mecanicos', { token, query: { id_obra: 1 } })).body.items as Person[];
    const fromIca = all.filter((p) => p.id_obra === 6);
    expect(fromIca.length).toBe(2);
    expect(atLima.some((p) => fromIca.some((f) => f.value === p.value))).toBe(false);

    const { setRecordEnabled } = await import('../../../events/record/commands');
    await setRecordEnabled(api.store, 'user', atLima.find((p) => p.id_obra === 1)!.value, false);
    const after = (await api.call('GET', '/fil_datas/mecanicos', { token, query: { id_obra: 1 } })).body.items as Person[];
    expect(after.length).toBe(atLima.length - 1);
  });

  it('search by name (and document, with the /users right), value → item, limits 100 by default and 500 at most', async () => {
    const token = await api.login('admin@faena.pe');
    const some = ((await api.call('GET', '/fil_datas/operadores', { token, query: { id_obra: 2 } })).body.items as Person[]).find((p) => p.id_obra === 2)!;
    const [{ document }] = await api.sql`SELECT document FROM rm_users WHERE id = ${some.value}`;
    const byDoc = await api.call('GET', '/fil_datas/operadores', { token, query: { query: document } });
    expect((byDoc.body.items as Person[]).map((p) => p.value)).toEqual([some.value]);
    const mechanic = await api.login('mecanico@faena.pe'); // no /users right
    expect((await api.call('GET', '/fil_datas/operadores', { token: mechanic, query: { query: document } })).body.items).toEqual([]);
    const byName = await api.call('GET', '/fil_datas/operadores', { token, query: { query: some.surname.toUpperCase() } });
    expect((byName.body.items as Person[]).map((p) => p.value)).toContain(some.value);
    const one = await api.call('GET', '/fil_datas/operadores', { token, query: { value: some.value } });
    expect(one.body.item).toMatchObject({ value: some.value, label: some.label });
    const wrongRole = await api.call('GET', '/fil_datas/mecanicos', { token, query: { value: some.value } });
    expect(wrongRole.body.item).toBeNull();

    // 110 more operators: the default page is 100, 500 at most.
    for (let i = 0; i < 110; i++) {
      await createRecord(api.store, 'user', { id_role: 11, id_obra: 3, name: 'Temporal', surname: `Operador ${String(i).padStart(3, '0')}`, document: String(80_000_000 + i), all_works: 0, estado: 1 });
    }
    const [{ n }] = await api.sql`SELECT count(*)::int AS n FROM rm_users WHERE id_role = 11 AND estado = 1`;
    expect(n).toBeGreaterThan(100);
    expect(((await api.call('GET', '/fil_datas/operadores', { token })).body.items as Person[]).length).toBe(100);
    expect(((await api.call('GET', '/fil_datas/operadores', { token, query: { limit: 500 } })).body.items as Person[]).length).toBe(n);
    expect(((await api.call('GET', '/fil_datas/operadores', { token, query: { limit: 5 } })).body.items as Person[]).length).toBe(5);
    const tooMany = await api.call('GET', '/fil_datas/operadores', { token, query: { limit: 501 } });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors).toEqual({ limit: 'Máximo 500 opciones' });
  });

  it('almacenerosDeObra needs id_obra; bad parameters are 422; anonymous callers 401', async () => {
    const token = await api.login('supervisor@faena.pe');
    const missing = await api.call('GET', '/fil_datas/almacenerosDeObra', { token });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ id_obra: 'Seleccione primero la obra' });
    const bad = await api.call('GET', '/fil_datas/operadores', { token, query: { id_obra: 'abc' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.id_obra).toBe('Identificador inválido');
    expect((await api.call('GET', '/fil_datas/operadores')).status).toBe(401);
    const unknownSite = await api.call('GET', '/fil_datas/almacenerosDeObra', { token, query: { id_obra: 999 } });
    // Only the demo's own site warehouse keeper, tied to every site, works at an unknown one.
    expect((unknownSite.body.items as Person[]).every((p) => p.id_obra === null)).toBe(true);
  });
});
