import { defineCatalogue } from '../catalogue';
import type { HorometroSlotEvent } from './decider';

/** The hour-meter slot's events (`horometro_slot-…`, bookkeeping of the one-log-per-slot rule, left
 * out of the activity log). The log itself (`horometro-{id}`) writes the generic record events,
 * named in the record catalogue. */
export const horometroCatalogue = defineCatalogue<HorometroSlotEvent>()({
  HorometroSlotClaimed: { label: 'Turno de horómetro ocupado', name: 'ocupó el turno', icon: 'event_available', color: 'secondary' },
  HorometroSlotReleased: { label: 'Turno de horómetro liberado', name: 'liberó el turno', icon: 'event_busy', color: 'secondary' },
});
