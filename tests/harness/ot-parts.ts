import { createRecord, updateRecord } from '../../events/record/commands';
import type { EventStore } from '../../events/store';
import type { TestApi } from './api';
import { createFunctionalElement, createMaterialType } from './work-order-fixture';

// The body of an OT that asks for parts, as the work-order form sends it (POST
// /ordenes_trabajo/create), for the tests that follow its parts through the warehouses, and what
// those tests set up around it.

const metadata = { userId: null, requestId: 'fixture' };

/** What an OT with parts names: its people (otPeople), the functional group and element of its
 * lines (createFunctionalElement), the unit and type of its materials, and the filter it asks for. */
export type OtPartsIds = { operador: number; mecanico: number; supervisor: number; grupo: number; elemento: number; und: number; tipo: number; filtro: number };

/** One part line: one filter (`codigo_material`) unless `over` says otherwise. */
export function otPart(ids: OtPartsIds, codigo_material: string, over: Record<string, unknown>): Record<string, unknown> {
  return {
    id: 0, id_grupo_funcional: ids.grupo, id_grupo_funcional_elemento: ids.elemento, descripcion: 'Filtro', id_unidad: ids.und, id_material: ids.filtro,
    codigo_material, id_material_tipo: ids.tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: 1, ...over,
  };
}

/** A new OT of machine `id_equipo` at site `id_obra`: stopped 2026-11-20 08:00, opened at 08:30 with
 * the meter at 1,200, naming `ids`' people, unsigned and open, asking for `parts`; `over` adds or
 * replaces fields. */
export function otWithParts(ids: OtPartsIds, id_obra: number, id_equipo: number, parts: Record<string, unknown>[], over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 0, version: 0, id_obra, id_equipo, placa_equipo: '', serie_equipo: 'S-1', fecha_parada: '2026-11-20 08:00', fecha_puesta_marcha: '',
    fecha_apertura_ot: '2026-11-20 08:30', fecha_cierre_ot: '', horometro_parada: '', horometro_puesta_marcha: '', horometro_apertura_ot: '1200',
    horometro_cierre_ot: '', kilometraje: '', tercero_ruc: '', tercero_razon_social: '', id_operador: ids.operador, id_mecanico: ids.mecanico,
    id_supervisor: ids.supervisor, firma_operador: 0, firma_mecanico: 0, firma_supervisor: 0, sin_productos: 0, terminado: 0,
    diagnosticos: [], intervenciones: [], documentos: [], productos_solicitados: parts, ...over,
  };
}

/** The demo's site storekeeper (almacen.obra@faena.pe) made storekeeper of site `id_obra` alone,
 * allowed to raise purchase requests: their user id and a token. */
export async function siteStorekeeper(t: TestApi, id_obra: number): Promise<{ id: number; token: string }> {
  const [{ id }] = await t.sql<{ id: number }[]>`SELECT id::int FROM rm_users WHERE email = 'almacen.obra@faena.pe'`;
  await updateRecord(t.store, 'user', id, { id_obra, all_works: 0, can_create_request: 1 }, { metadata });
  return { id, token: await t.login('almacen.obra@faena.pe') };
}

/** The catalogue an OT's parts come from: functional group `grupo` with element `numero` 'Culata',
 * material type `tipo` counted in `und`, and two of its materials: an oil filter `codes[0]` and a
 * pump seal `codes[1]`. */
export async function createOtPartsCatalogue(
  store: EventStore,
  und: number,
  grupo: { sigla: string; nombre: string },
  numero: string,
  tipo: { codigo: string; nombre: string },
  codes: [filtro: string, sello: string],
): Promise<{ grupo: number; elemento: number; tipo: number; filtro: number; sello: number }> {
  const element = await createFunctionalElement(store, grupo, { numero, nombre: 'Culata' });
  const id_material_tipo = await createMaterialType(store, tipo, und);
  const material = async (codigo: string, nombre: string) => (await createRecord(store, 'material', { id_material_tipo, codigo, nombre, estado: 1 }, { metadata })).id;
  return { ...element, tipo: id_material_tipo, filtro: await material(codes[0], 'Filtro de aceite'), sello: await material(codes[1], 'Sello de bomba') };
}
