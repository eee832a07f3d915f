import { describe, expect, it } from 'vitest';
import { decideResort, planResort, type ResortModule } from './module-resort';

const m = (id: number, id_parent: number | null, orden: number, type = id_parent === null ? 'group' : 'item', id_type_user = 1): ResortModule => ({
  id, id_type_user, id_parent, orden, level: id_parent === null ? 0 : 1, type,
});

// Groups 1 (11, 12) and 2 (21); 3 a top-level item; 9 a group of user type 2.
const modules = [m(1, null, 0), m(11, 1, 0), m(12, 1, 1), m(2, null, 1), m(21, 2, 0), m(3, null, 2, 'item'), m(9, null, 0, 'group', 2)];

describe('planResort', () => {
  it('lists only the modules whose parent, order or level change, with the new values', () => {
    const plan = planResort([{ id: 12, id_parent: 1, orden: 0 }, { id: 11, id_parent: 1, orden: 1 }, { id: 21, id_parent: 1, orden: 2 }, { id: 2, id_parent: null, orden: 1 }], modules);
    expect(plan).toEqual({
      ok: true,
      typeUser: 1,
      changes: [
        { id: 12, fields: { orden: 0 } },
        { id: 11, fields: { orden: 1 } },
        { id: 21, fields: { id_parent: 1, orden: 2 } },
      ],
    });
    const toTop = planResort([{ id: 11, id_parent: null, orden: 5 }], modules);
    expect(toTop).toMatchObject({ ok: true, changes: [{ id: 11, fields: { id_parent: null, orden: 5, level: 0 } }] });
  });

  it('refuses a second level: a parent inside another module, or a module with children moved inside one', () => {
    const nested = planResort([{ id: 3, id_parent: 11, orden: 0 }], modules);
    expect(nested).toMatchObject({ ok: false, errors: { 'items.0.id_parent': expect.stringMatching(/^Solo se permite un nivel de anidación/) } });
    const group = planResort([{ id: 2, id_parent: 1, orden: 9 }], modules);
    expect(group).toMatchObject({ ok: false, msg: expect.stringMatching(/un módulo con submódulos/) });
    // Allowed once its child leaves it in the same reordering.
    expect(planResort([{ id: 21, id_parent: null, orden: 3 }, { id: 2, id_parent: 1, orden: 9 }], modules)).toMatchObject({ ok: true });
  });

  it('refuses cycles, self parents and parents that are not groups', () => {
    expect(planResort([{ id: 3, id_parent: 3, orden: 0 }], modules)).toMatchObject({ ok: false, errors: { 'items.0.id_parent': 'Un módulo no puede ser su propio padre' } });
    const cycle = planResort([{ id: 1, id_parent: 2, orden: 0 }, { id: 2, id_parent: 1, orden: 0 }], modules);
    expect(cycle).toMatchObject({ ok: false, msg: 'El nuevo orden forma un ciclo entre módulos' });
    expect(planResort([{ id: 11, id_parent: 3, orden: 0 }], modules)).toMatchObject({ ok: false, msg: 'Solo un grupo puede contener módulos' });
  });

  it('refuses unknown, hidden, repeated and foreign ids, and parents of another user type', () => {
    expect(planResort([{ id: 404, id_parent: null, orden: 0 }], modules)).toMatchObject({ ok: false, msg: 'No se encontró el módulo 404' });
    expect(planResort([{ id: 11, id_parent: 1, orden: 0 }], modules, new Set([11]))).toMatchObject({ ok: false, msg: 'No se encontró el módulo 11' });
    expect(planResort([{ id: 11, id_parent: 1, orden: 0 }, { id: 11, id_parent: 1, orden: 1 }], modules)).toMatchObject({
      ok: false, errors: { 'items.1.id': 'El módulo 11 está repetido' },
    });
    expect(planResort([{ id: 1, id_parent: null, orden: 0 }, { id: 9, id_parent: null, orden: 1 }], modules)).toMatchObject({
      ok: false, errors: { 'items.1.id': 'Todos los módulos deben ser del mismo tipo de usuario' },
    });
    expect(planResort([{ id: 11, id_parent: 9, orden: 0 }], modules)).toMatchObject({ ok: false, msg: 'El módulo padre debe ser del mismo tipo de usuario' });
    expect(planResort([], modules)).toMatchObject({ ok: false, errors: { items: 'Envíe al menos un módulo' } });
  });
});

describe('decideResort', () => {
  it('returns the plan’s changes, or refuses with its message and field errors (422)', () => {
    expect(decideResort([{ id: 12, id_parent: 1, orden: 0 }, { id: 11, id_parent: 1, orden: 1 }], modules).typeUser).toBe(1);
    const refused = planResort([], modules);
    expect(refused.ok).toBe(false);
    expect(() => decideResort([], modules)).toThrow(expect.objectContaining({ status: 422, message: refused.ok ? '' : refused.msg, errors: { items: 'Envíe al menos un módulo' } }));
  });
});
