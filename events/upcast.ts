import type { RecordedEvent } from './types';

/** Turns a stored event of one type and schema version into its newer shape. It returns a new
 * event (another type, or the same type with a higher `schemaVersion`); stored rows never change. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

type Entry = { type: string; schemaVersion: number; upcast: Upcaster };

/** A rename: the stored type reads as the new one; data, metadata and positions stay. */
function renamed(from: string, to: string): Entry {
  return { type: from, schemaVersion: 1, upcast: (e) => ({ ...e, type: to }) };
}

/**
 * The registry, by (event type, schema version), read by every read of the event store
 * (`readStream`, `readStreams`, `readAll`, `readAllVisible`), so deciders, projections, rebuilds
 * and replies see only the current shapes (docs/ARCHITECTURE.md, "Upcasters"). New events are
 * written in the current shape; an entry stays as long as old rows of its type may exist.
 */
const UPCASTERS: readonly Entry[] = [
  // The save of an OT that is not closed totally ("CIERRE MECANICO" is the form's button, not a closure).
  renamed('WorkOrderMechanicallyClosed', 'WorkOrderSaved'),
  // A site's general expenses: event types are named in English like every other.
  renamed('GastosGeneralesIniciados', 'GeneralExpensesOpened'),
  renamed('GastosGeneralesGuardados', 'GeneralExpensesSaved'),
];

const byKey = new Map(UPCASTERS.map((u) => [`${u.type}@${u.schemaVersion}`, u.upcast]));

/** The event in its current shape: the upcasters of its (type, version) applied until none is
 * left (a chain v1 → v2 → v3 runs each step once). */
export function upcast(event: RecordedEvent): RecordedEvent {
  let e = event;
  for (let step = 0; step < 32; step++) {
    const next = byKey.get(`${e.type}@${e.schemaVersion}`);
    if (!next) return e;
    e = next(e);
  }
  throw new Error(`Upcasters of ${event.type} v${event.schemaVersion} do not end`);
}
