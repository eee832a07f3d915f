import type { Catalogue } from './catalogue';
import type { Event, RecordedEvent } from './types';

/** Whether a stored event is one of an aggregate's, read by its `type`: the aggregate's catalogue
 * names every type of its union, so the check narrows the event to that union and a
 * `switch (e.type)` then reads each event's own data, typed
 * (`if (isEventOf<PurchaseRequestEvent>(purchaseRequestCatalogue, e)) …`). */
export function isEventOf<E extends Event>(catalogue: Catalogue<E>, e: RecordedEvent): e is RecordedEvent<E> {
  return Object.hasOwn(catalogue, e.type);
}
