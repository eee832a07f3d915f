import { createRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';

/** Equipment groups, subgroups (with their maintenance interval) and products (the description a
 * machine is registered under) of a Peruvian heavy-equipment fleet (seed 001 §3). The demo fleet
 * (services/demo/fleet) picks its machines' kinds from here by name. */
export type EquipmentKind = { subgrupo: string; unidad: 'HRS' | 'KM'; valor: number; productos: string[] };

export const EQUIPMENT_KINDS: Record<string, EquipmentKind[]> = {
  'Movimiento de tierras': [
    { subgrupo: 'Excavadora sobre orugas', unidad: 'HRS', valor: 250, productos: ['Excavadora hidráulica 20 t', 'Excavadora hidráulica 35 t'] },
    { subgrupo: 'Excavadora sobre ruedas', unidad: 'HRS', valor: 250, productos: ['Excavadora sobre ruedas 14 t'] },
    { subgrupo: 'Cargador frontal', unidad: 'HRS', valor: 250, productos: ['Cargador frontal 3.5 m3', 'Cargador frontal 4.5 m3'] },
    { subgrupo: 'Tractor de orugas', unidad: 'HRS', valor: 250, productos: ['Tractor de orugas D6', 'Tractor de orugas D8'] },
    { subgrupo: 'Retroexcavadora', unidad: 'HRS', valor: 250, productos: ['Retroexcavadora 4x4'] },
    { subgrupo: 'Motoniveladora', unidad: 'HRS', valor: 250, productos: ['Motoniveladora 140 hp', 'Motoniveladora 200 hp'] },
  ],
  Compactación: [
    { subgrupo: 'Rodillo liso vibratorio', unidad: 'HRS', valor: 250, productos: ['Rodillo liso 10 t', 'Rodillo liso 12 t'] },
    { subgrupo: 'Rodillo pata de cabra', unidad: 'HRS', valor: 250, productos: ['Rodillo pata de cabra 12 t'] },
  ],
  Transporte: [
    { subgrupo: 'Volquete', unidad: 'KM', valor: 10000, productos: ['Volquete 15 m3', 'Volquete 20 m3'] },
    { subgrupo: 'Camión articulado', unidad: 'HRS', valor: 500, productos: ['Camión articulado 40 t'] },
    { subgrupo: 'Camión minero', unidad: 'HRS', valor: 500, productos: ['Camión minero 90 t'] },
  ],
};

/** Creates the groups, subgroups and products once (nothing when already loaded). */
export async function loadEquipmentKinds(store: EventStore): Promise<{ subgrupos: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'equipo_grupo' LIMIT 1`;
  if (loaded) return { subgrupos: 0 };
  const metadata = { userId: null, requestId: 'demo-data' };
  const units = new Map((await store.sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_unidades`).map((u) => [u.nombre, u.id]));
  let subgrupos = 0;
  for (const [grupo, kinds] of Object.entries(EQUIPMENT_KINDS)) {
    const g = await createRecord(store, 'equipo_grupo', { nombre: grupo, estado: 1 }, { metadata });
    for (const kind of kinds) {
      const unidad = units.get(kind.unidad);
      if (!unidad) throw new Error(`La unidad ${kind.unidad} no está en los datos de demostración`);
      const s = await createRecord(
        store,
        'equipo_subgrupo',
        { id_equipo_grupo: g.id, nombre: kind.subgrupo, id_mantenimiento_unidad: unidad, mantenimiento_valor: kind.valor, estado: 1 },
        { metadata },
      );
      subgrupos++;
      for (const nombre of kind.productos) {
        await createRecord(store, 'equipo_producto', { id_equipo_grupo: g.id, id_equipo_subgrupo: s.id, nombre, estado: 1 }, { metadata });
      }
    }
  }
  return { subgrupos };
}
