import { execute } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import type { Fields } from '../../../events/record/record';
import type { EventStore } from '../../../events/store';
import { FUNCTIONAL_GROUPS, MATERIAL_TYPES } from './catalogue-data';

const metadata = { userId: null, requestId: 'demo-data' };

type Create = (entity: string, fields: Fields) => Promise<number>;

/** Runs `work` as one command (one transaction, one append for every stream); `create` starts a
 * record through the record decider (the same RecordCreated a user's save writes, on its own
 * `{entity}-{id}` stream) and returns its id. */
async function inOneCommand<T>(store: EventStore, work: (create: Create) => Promise<T>): Promise<T> {
  const r = await execute(store, (c) =>
    work(async (entity, fields) => {
      const id = await c.nextId(entity);
      c.start(recordAggregate(entity), id).decide({ type: 'CreateRecord', id, fields: { ...fields, estado: 1 } });
      return id;
    }),
  { metadata });
  return r.value;
}

/** '01.02' → '01'; a top element ('01') has no parent. */
function parentNumber(numero: string): string | null {
  const i = numero.lastIndexOf('.');
  return i > 0 ? numero.slice(0, i) : null;
}

/** Loads the material types, their unit conversions, the materials and the functional groups
 * with their element trees (services/demo/master/catalogue-data.ts) once: nothing when material
 * types were already loaded. Needs the demo units. */
export async function loadCatalogueData(store: EventStore): Promise<{ materiales: number; elementos: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'material_tipo' LIMIT 1`;
  if (loaded) return { materiales: 0, elementos: 0 };
  const units = new Map((await store.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_unidades`).map((u) => [u.nombre, u.id]));
  const unit = (nombre: string) => {
    const id = units.get(nombre);
    if (!id) throw new Error(`La unidad ${nombre} no está en los datos de demostración`);
    return id;
  };

  const materiales = await inOneCommand(store, async (create) => {
    let count = 0;
    for (const type of MATERIAL_TYPES) {
      const id_material_tipo = await create('material_tipo', { codigo: type.codigo, nombre: type.nombre });
      for (const [nombre, valor] of Object.entries(type.unidades)) await create('conversion_unidad', { id_material_tipo, id_unidad: unit(nombre), valor });
      for (const [codigo, nombre] of type.materiales) {
        await create('material', { id_material_tipo, codigo, nombre });
        count++;
      }
    }
    return count;
  });

  const elementos = await inOneCommand(store, async (create) => {
    let count = 0;
    for (const group of FUNCTIONAL_GROUPS) {
      const id_grupo_funcional = await create('grupo_funcional', { sigla: group.sigla, nombre: group.nombre });
      // Parents come before their children in the data, so each parent's id is known in time.
      const byNumber = new Map<string, number>();
      for (const [numero, nombre] of group.elementos) {
        const parent = parentNumber(numero);
        const id_padre = parent === null ? null : byNumber.get(parent);
        if (id_padre === undefined) throw new Error(`El elemento ${group.sigla} ${numero} no tiene padre ${parent}`);
        byNumber.set(numero, await create('grupo_funcional_elemento', { numero, nombre, id_grupo_funcional, id_padre }));
        count++;
      }
    }
    return count;
  });
  return { materiales, elementos };
}
