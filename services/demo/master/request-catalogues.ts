import { execute } from '../../../events/execute';
import { recordAggregate } from '../../../events/record/commands';
import type { Fields } from '../../../events/record/record';
import type { EventStore } from '../../../events/store';

// The demo's purchase-request catalogues (SEED-002-ANALYSIS ambiguity 8: the seed gives ids, no
// names). Ids 1..n follow the order below and must stay so: the seed's rules hang on them (request
// type 1 asks for the cost-centre type, mobilisation type 2 for classification, cost centre and
// resource; types 2 and 3 fix the resource codes 2-044 and 4-046) and the demo requests name
// request types 1 and 2 and resource 1 (services/demo/purchase-requests).

/** codigo, nombre. Resource 1 is what the demo requests with equipment are charged to. */
export const RECURSOS: [codigo: string, nombre: string][] = [
  ['1-001', 'Repuestos y materiales de mantenimiento'],
  ['2-044', 'Alquiler de equipos de terceros'],
  ['4-046', 'Movilización de maquinaria'],
  ['1-012', 'Combustible y lubricantes'],
  ['3-021', 'Transporte de personal'],
  ['3-030', 'Servicios de taller externo'],
  ['5-010', 'Herramientas y equipos menores'],
];

export const SOLICITUDES_TIPOS = ['Operación y mantenimiento', 'Proyecto e inversión'];

export const SOLICITUDES_CLASIFICACIONES = ['Operativa', 'Administrativa'];

/** codigo, nombre, elements (codigo, nombre). */
export const CENTROS_COSTO_INDIRECTOS: [codigo: string, nombre: string, elementos: [string, string][]][] = [
  ['CCI-01', 'Administración de obra', [['01', 'Oficina de obra'], ['02', 'Campamento'], ['03', 'Seguridad y salud']]],
  ['CCI-02', 'Taller central', [['01', 'Herramientas de taller'], ['02', 'Consumibles de taller'], ['03', 'Mantenimiento de instalaciones']]],
  ['CCI-03', 'Logística y almacenes', [['01', 'Almacén central'], ['02', 'Transporte de materiales']]],
];

/** nombre, the resource code the type fixes ('' none). */
export const MOVILIZACION_TIPOS: [nombre: string, codigo_recurso: string][] = [
  ['Servicio de terceros', ''],
  ['Alquiler de equipo de terceros', '2-044'],
  ['Movilización de equipo de terceros', '4-046'],
];

/** Loads the request catalogues once (nothing when resources were already loaded), through the
 * record decider, each row a RecordCreated on its own stream like a user's save. */
export async function loadRequestCatalogues(store: EventStore): Promise<{ recursos: number }> {
  const [loaded] = await store.sql`SELECT 1 FROM es_streams WHERE stream_type = 'recurso' LIMIT 1`;
  if (loaded) return { recursos: 0 };
  await execute(store, async (c) => {
    const create = async (entity: string, fields: Fields) => {
      const id = await c.nextId(entity);
      c.start(recordAggregate(entity), id).decide({ type: 'CreateRecord', id, fields: { ...fields, estado: 1 } });
      return id;
    };
    for (const [codigo, nombre] of RECURSOS) await create('recurso', { codigo, nombre });
    for (const nombre of SOLICITUDES_TIPOS) await create('solicitud_tipo', { nombre });
    for (const nombre of SOLICITUDES_CLASIFICACIONES) await create('solicitud_clasificacion', { nombre });
    for (const [codigo, nombre, elementos] of CENTROS_COSTO_INDIRECTOS) {
      const id_centro_costo_indirecto = await create('centro_costo_indirecto', { codigo, nombre });
      for (const [ec, en] of elementos) await create('centro_costo_indirecto_elemento', { id_centro_costo_indirecto, codigo: ec, nombre: en });
    }
    for (const [nombre, codigo_recurso] of MOVILIZACION_TIPOS) await create('movilizacion_tipo', { nombre, codigo_recurso });
  }, { metadata: { userId: null, requestId: 'demo-data' } });
  return { recursos: RECURSOS.length };
}
