import type { Sql } from 'postgres';
import { createRecord } from '../../events/record/commands';
import type { EventStore } from '../../events/store';

// Pieces of a work order's fixture: the people an OT names, a functional group with an element for
// its lines, a material type with its base unit for its parts.

const metadata = { userId: null, requestId: 'fixture' };

/** The operator, mechanic and supervisor an OT names: the first user of each of those profiles
 * (11, 14, 15) in the demo data. */
export async function otPeople(sql: Sql): Promise<{ operador: number; mecanico: number; supervisor: number }> {
  const first = async (role: number) => Number((await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE id_role = ${role} ORDER BY id LIMIT 1`)[0].id);
  return { operador: await first(11), mecanico: await first(14), supervisor: await first(15) };
}

/** A functional group with one element (the `grupo` and `elemento` of an OT line). */
export async function createFunctionalElement(
  store: EventStore,
  grupo: { sigla: string; nombre: string },
  elemento: { numero: string; nombre: string },
): Promise<{ grupo: number; elemento: number }> {
  const id = (await createRecord(store, 'grupo_funcional', { ...grupo, estado: 1 }, { metadata })).id;
  const element = (await createRecord(store, 'grupo_funcional_elemento', { ...elemento, id_grupo_funcional: id, id_padre: null, estado: 1 }, { metadata })).id;
  return { grupo: id, elemento: element };
}

/** A material type whose one base unit is `unidad` (the unit an OT proposes for its materials). */
export async function createMaterialType(store: EventStore, tipo: { codigo: string; nombre: string }, unidad: number): Promise<number> {
  const id = (await createRecord(store, 'material_tipo', { ...tipo, estado: 1 }, { metadata })).id;
  await createRecord(store, 'conversion_unidad', { id_material_tipo: id, id_unidad: unidad, valor: 1, estado: 1 }, { metadata });
  return id;
}
