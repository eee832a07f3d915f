import type { Sql } from 'postgres';
import { createRecord } from '../../events/record/commands';
import type { EventStore } from '../../events/store';

// Machines for tests: catalogue ids of the demo data read by name, a valid form of a new machine,
// and a machine written straight to the event store.

export type Catalog = {
  obras: { id: number; nombre: string }[];
  /** Group, subgroup and product ids of the demo kinds, by subgroup name. */
  kind: (subgrupo: string) => { grupo: number; subgrupo: number; producto: number };
  /** Brand and model ids by name. */
  model: (marca: string, modelo: string) => { marca: number; modelo: number };
};

/** Test support: catalogue ids of the demo data, read by name. */
export async function loadCatalog(sql: Sql): Promise<Catalog> {
  const obras = await sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_obras ORDER BY id`;
  const kinds = await sql<{ grupo: number; subgrupo: number; producto: number; nombre: string }[]>`
    SELECT DISTINCT ON (s.id) s.id_equipo_grupo AS grupo, s.id AS subgrupo, p.id AS producto, s.nombre
      FROM rm_equipo_subgrupos s JOIN rm_equipo_productos p ON p.id_equipo_subgrupo = s.id ORDER BY s.id, p.id`;
  const models = await sql<{ marca: number; modelo: number; marca_nombre: string; nombre: string }[]>`
    SELECT b.id AS marca, m.id AS modelo, b.nombre AS marca_nombre, m.nombre FROM rm_modelos m JOIN rm_marcas b ON b.id = m.id_marca`;
  return {
    obras: [...obras],
    kind: (subgrupo) => {
      const k = kinds.find((x) => x.nombre === subgrupo);
      if (!k) throw new Error(`no kind ${subgrupo}`);
      return k;
    },
    model: (marca, modelo) => {
      const m = models.find((x) => x.marca_nombre === marca && x.nombre === modelo);
      if (!m) throw new Error(`no model ${marca} ${modelo}`);
      return m;
    },
  };
}

/** A valid new machine (a Caterpillar 320 excavator on the first site), with overrides. */
export function validMachine(c: Catalog, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const k = c.kind('Excavadora sobre orugas');
  const m = c.model('Caterpillar', '320');
  const motor = c.model('Caterpillar', 'C7.1');
  return {
    id: 0,
    id_obra: c.obras[0].id,
    codigo_sub_obra: 'OB-LIM-01-EX900',
    codigo: `EX-T${Math.floor(Math.random() * 1e9)}`,
    id_equipo_grupo: k.grupo,
    id_equipo_subgrupo: k.subgrupo,
    id_equipo_producto: k.producto,
    id_marca: m.marca,
    id_modelo: m.modelo,
    id_marca_motor: motor.marca,
    id_modelo_motor: motor.modelo,
    serie: 'CAT0320TEST01',
    anio: 2022,
    ...overrides,
  };
}

let counter = 0;

/** A machine for tests (until and besides the demo fleet): every NOT NULL column of rm_equipos
 * (migrations/0010_equipos.sql), on the first site unless told, with a unique code. */
export async function createTestEquipo(store: EventStore, over: Record<string, unknown> = {}): Promise<{ id: number; codigo: string; id_obra: number }> {
  const [obra] = await store.sql<{ id: number }[]>`SELECT id FROM rm_obras ORDER BY id LIMIT 1`;
  counter += 1;
  const codigo = String(over.codigo ?? `HT-${process.pid % 1000}-${counter}`);
  const fields = {
    id_obra: obra?.id ?? 1, codigo_sub_obra: 'SUB-1', cc: '', codigo, id_equipo_grupo: 1, id_equipo_subgrupo: 1, id_equipo_producto: 1,
    id_marca: 1, id_modelo: 1, id_marca_motor: 1, id_modelo_motor: 1, serie: `S-${codigo}`, anio: 2020, horometro: 1000,
    tipo_tarifa: 'HORA', estado: 1, ...over,
  };
  const r = await createRecord(store, 'equipo', fields, { metadata: { userId: null, requestId: 'test' } });
  return { id: r.id, codigo, id_obra: Number(fields.id_obra) };
}

/** A machine of the first demo kind and model, written straight to the event store: its kind,
 * brand and model (engine alike) and `S-<codigo>` as serie, plus `fields` (site, code and the rest). */
export async function createDemoKindMachine(
  store: EventStore,
  sql: Sql,
  fields: Record<string, unknown> & { id_obra: number; codigo: string },
  metadata: { userId: number | null; requestId: string } = { userId: null, requestId: 'fixture' },
): Promise<number> {
  const [kind] = await sql<{ g: number; s: number; p: number }[]>`SELECT id_equipo_grupo AS g, id_equipo_subgrupo AS s, id AS p FROM rm_equipo_productos ORDER BY id LIMIT 1`;
  const [brand] = await sql<{ m: number; mo: number }[]>`SELECT id_marca AS m, id AS mo FROM rm_modelos ORDER BY id LIMIT 1`;
  const { id_obra, codigo, ...rest } = fields;
  const machine = {
    id_obra, codigo, id_equipo_grupo: kind.g, id_equipo_subgrupo: kind.s, id_equipo_producto: kind.p, id_marca: brand.m, id_modelo: brand.mo,
    id_marca_motor: brand.m, id_modelo_motor: brand.mo, serie: `S-${codigo}`, estado: 1, ...rest,
  };
  return (await createRecord(store, 'equipo', machine, { metadata })).id;
}

/** A machine of the first demo kind and model on site `id_obra`, written straight to the event
 * store (tests that need a machine, not a particular one); `over` sets other fields. */
export function createPlainMachine(store: EventStore, sql: Sql, id_obra: number, codigo: string, over: Record<string, unknown> = {}): Promise<number> {
  return createDemoKindMachine(store, sql, { id_obra, codigo, codigo_sub_obra: 'SO-1', placa: '', anio: 2019, ...over });
}
