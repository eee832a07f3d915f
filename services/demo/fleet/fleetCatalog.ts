import { createRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';
import type { FleetModel } from './fleetModels';

/** The catalogue ids a machine of the fleet refers to. */
export type FleetIds = {
  grupo: number;
  subgrupo: number;
  producto: number;
  marca: number;
  modelo: number;
  marcaMotor: number;
  modeloMotor: number;
};

export type FleetSite = { id: number; codigo: string };

export type FleetCatalog = { ids: (model: FleetModel) => FleetIds; sites: FleetSite[] };

const metadata = { userId: null, requestId: 'demo-data' };

/** Resolves every fleet model's catalogue ids by name (brands, models, equipment kinds and sites
 * loaded by the demo data), creating the engine makes and models that are missing (Cummins,
 * Deutz, Isuzu; 'C7.1' under Caterpillar…) through the record commands. Throws when a machine
 * make, model or kind is not in the demo catalogue: the fleet must match it. */
export async function fleetCatalog(store: EventStore, models: FleetModel[]): Promise<FleetCatalog> {
  const { sql } = store;
  const brands = new Map((await sql<{ id: number; nombre: string }[]>`SELECT id, nombre FROM rm_marcas`).map((b) => [b.nombre, b.id]));
  const modelKey = (brand: number, name: string) => `${brand}|${name}`;
  const modelIds = new Map(
    (await sql<{ id: number; id_marca: number; nombre: string }[]>`SELECT id, id_marca, nombre FROM rm_modelos`).map((m) => [modelKey(m.id_marca, m.nombre), m.id]),
  );
  const kinds = await sql<{ grupo: number; subgrupo: number; subgrupo_nombre: string; producto: number; producto_nombre: string }[]>`
    SELECT s.id_equipo_grupo AS grupo, s.id AS subgrupo, s.nombre AS subgrupo_nombre, p.id AS producto, p.nombre AS producto_nombre
      FROM rm_equipo_subgrupos s JOIN rm_equipo_productos p ON p.id_equipo_subgrupo = s.id`;
  const kindOf = new Map(kinds.map((k) => [`${k.subgrupo_nombre}|${k.producto_nombre}`, k]));

  for (const m of models) {
    const [motorBrand, motorModel] = m.motor;
    if (!brands.has(motorBrand)) brands.set(motorBrand, (await createRecord(store, 'marca', { nombre: motorBrand, estado: 1 }, { metadata })).id);
    const b = brands.get(motorBrand)!;
    if (!modelIds.has(modelKey(b, motorModel))) {
      modelIds.set(modelKey(b, motorModel), (await createRecord(store, 'modelo', { id_marca: b, nombre: motorModel, estado: 1 }, { metadata })).id);
    }
  }
  const resolved = new Map<FleetModel, FleetIds>();
  for (const m of models) {
    const marca = brands.get(m.marca);
    const modelo = marca === undefined ? undefined : modelIds.get(modelKey(marca, m.modelo));
    const kind = kindOf.get(`${m.subgrupo}|${m.producto}`);
    if (marca === undefined || modelo === undefined || !kind) throw new Error(`Flota de demostración: ${m.marca} ${m.modelo} (${m.subgrupo}, ${m.producto}) no está en el catálogo`);
    const marcaMotor = brands.get(m.motor[0])!;
    resolved.set(m, {
      grupo: kind.grupo,
      subgrupo: kind.subgrupo,
      producto: kind.producto,
      marca,
      modelo,
      marcaMotor,
      modeloMotor: modelIds.get(modelKey(marcaMotor, m.motor[1]))!,
    });
  }
  const sites = await sql<FleetSite[]>`SELECT id, codigo FROM rm_obras WHERE estado = 1 ORDER BY id`;
  if (sites.length === 0) throw new Error('Flota de demostración: no hay obras');
  return { ids: (model) => resolved.get(model)!, sites: [...sites] };
}
