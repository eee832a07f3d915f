import type { Sql } from 'postgres';

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
