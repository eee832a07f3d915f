import { listSearch, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { HorometroRow } from './hourMeterTypes';

/** The hour-meter logs (seed 001 §2 /horometros): filtered by site, machine and shift. */
export const horometros = defineResource<HorometroRow>()({
  path: '/horometros',
  topics: ['horometro'],
  live: 'banner',
  liveMessage: 'Hay registros de horómetro nuevos o modificados.',
  search: listSearch({ id_obra: optionalId, id_equipo: optionalId, id_tipo_turno: optionalId }),
});
