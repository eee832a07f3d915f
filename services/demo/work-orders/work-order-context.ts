import type { Sql } from 'postgres';

/** What generated work orders draw from: each site's machines and people, the functional-group
 * elements and the materials with their allowed units. Read from the read models at load time,
 * so the generator follows whatever fleet, catalogues and workers the data set holds. */
export type WorkOrderContext = {
  sites: {
    id: number;
    codigo: string;
    equipos: { id: number; placa: string; serie: string; horometro: number }[];
    operadores: number[];
    mecanicos: number[];
    supervisores: number[];
  }[];
  elements: { id: number; id_grupo_funcional: number }[];
  materials: { id: number; codigo: string; nombre: string; id_material_tipo: number; id_unidad: number }[];
  adminId: number | null;
  /** The first site storekeeper: who attends the orders' Pedidos in the scale data. */
  storekeeper?: number | null;
};

async function peopleOf(sql: Sql, role: number, site: number): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`
    SELECT u.id FROM rm_users u
     WHERE u.id_role = ${role} AND u.estado = 1
       AND (u.all_works = 1 OR u.id_obra = ${site} OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${site} AND uo.estado = 1))
     ORDER BY u.id`;
  return rows.map((r) => r.id);
}

export async function loadWorkOrderContext(sql: Sql): Promise<WorkOrderContext> {
  const sites = await sql<{ id: number; codigo: string }[]>`SELECT id, codigo FROM rm_obras WHERE estado = 1 ORDER BY id`;
  const out: WorkOrderContext = { sites: [], elements: [], materials: [], adminId: null };
  for (const s of sites) {
    const equipos = await sql<{ id: number; placa: string; serie: string; horometro: number }[]>`
      SELECT id, placa, serie, horometro FROM rm_equipos WHERE id_obra = ${s.id} AND estado = 1 ORDER BY id`;
    const [operadores, mecanicos, supervisores] = await Promise.all([peopleOf(sql, 11, s.id), peopleOf(sql, 14, s.id), peopleOf(sql, 15, s.id)]);
    if (equipos.length && operadores.length && mecanicos.length && supervisores.length) out.sites.push({ ...s, equipos, operadores, mecanicos, supervisores });
  }
  out.elements = await sql<{ id: number; id_grupo_funcional: number }[]>`
    SELECT e.id, e.id_grupo_funcional FROM rm_grupo_funcional_elementos e
     WHERE e.estado = 1 AND NOT EXISTS (SELECT 1 FROM rm_grupo_funcional_elementos c WHERE c.id_padre = e.id) ORDER BY e.id`;
  // A material with a unit its type allows (the first conversion), or any unit when its type has none.
  out.materials = await sql<WorkOrderContext['materials']>`
    SELECT m.id, m.codigo, m.nombre, m.id_material_tipo,
           coalesce((SELECT c.id_unidad FROM rm_conversion_unidades c WHERE c.id_material_tipo = m.id_material_tipo AND c.estado = 1 ORDER BY c.id LIMIT 1),
                    (SELECT id FROM rm_unidades ORDER BY id LIMIT 1)) AS id_unidad
      FROM rm_materiales m WHERE m.estado = 1 ORDER BY m.id`;
  const [admin] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE id_role = 16 ORDER BY id LIMIT 1`;
  out.adminId = admin?.id ?? null;
  const [storekeeper] = await sql<{ id: number }[]>`SELECT id FROM rm_users WHERE id_role = 19 AND estado = 1 ORDER BY id LIMIT 1`;
  out.storekeeper = storekeeper?.id ?? null;
  return out;
}
