import { defineCatalogue } from '../catalogue';
import type { EquipmentEvent } from './decider';

/** A machine's own events (`equipo-{id}`): its transfers between sites. Its other events are the
 * generic record events, named in the record catalogue. */
export const equipmentCatalogue = defineCatalogue<Extract<EquipmentEvent, { type: 'EquipoTrasladado' }>>()({
  EquipoTrasladado: { label: 'Traslado de equipo', name: 'trasladó', suffix: 'a otra obra', icon: 'local_shipping', color: 'primary' },
});
