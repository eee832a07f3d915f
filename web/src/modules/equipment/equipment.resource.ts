import { listSearch, listSearchSchema, optionalEstado, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { EquipoRow } from './equipmentTypes';

/** What an expanded machine shows besides its row (EquipoDetail): a write may change any of it. */
const DETAIL = [['equipo'], ['equipos_movimientos'], ['equipo_costo_mensual']];

/** The equipment register (seed 001 §2 /equipos): filtered by site, group, brand and state. */
export const equipos = defineResource<EquipoRow>()({
  path: '/equipos',
  topics: ['equipo'],
  live: 'banner',
  liveMessage: 'Hay equipos nuevos o modificados.',
  search: listSearch({ id_obra: optionalId, id_equipo_grupo: optionalId, id_equipo_subgrupo: optionalId, id_marca: optionalId, estado: optionalEstado }),
  alsoInvalidates: DETAIL,
});

/** A machine's amortization plan (seed 001 §3, §7: /equipo_amortizacion/form and /create): saving it
 * changes the calendar, the list's monthly figures and the movement history. */
export const equipoAmortizacion = defineResource<never>()({
  path: '/equipo_amortizacion',
  topics: ['equipo'],
  search: listSearchSchema,
  alsoInvalidates: [['equipo_amortizacion_calendario'], equipos.keys.all, ['equipos_movimientos']],
});

/** A machine's documents (seed 001 §2, §7: /equipo_documentos and its CRUD). */
export const equipoDocumentos = defineResource<never>()({
  path: '/equipo_documentos',
  topics: ['equipo'],
  search: listSearchSchema,
  alsoInvalidates: [['equipo_documentos']],
});
