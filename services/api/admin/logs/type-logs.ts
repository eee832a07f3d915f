import { eventCatalogue, UNKNOWN_EVENT } from '../../../../events/catalogues';
import type { EventInfo } from '../../../../events/catalogue';

/** How the log and the record history say what an event did, in Spanish, read from the event
 * catalogues (events/catalogues.ts). A log line reads
 * `{user_name} {prefix} {name} {target_name} {target_item_name} {suffix}` with empty parts left
 * out, e.g. "Ana Quispe Rojas creó Marca Volvo" or "Ana Quispe Rojas modificó Marca Volvo
 * (nombre)". `label` names the type in the filter; `icon` and `color` are the line's badge. */
export type TypeLog = { label: string; prefix: string; name: string; suffix: string; icon: string; color: string };

function typeLog(info: EventInfo): TypeLog {
  return { label: info.label, prefix: info.prefix ?? '', name: info.name, suffix: info.suffix ?? '', icon: info.icon, color: info.color };
}

/** Every event type the log knows, in the order of the type filter. */
export const typeLogs: Readonly<Record<string, TypeLog>> = Object.fromEntries(
  Object.entries(eventCatalogue).map(([type, info]) => [type, typeLog(info)]),
);

/** An event type the catalogues do not know yet still reads as a sentence. */
export const unknownTypeLog: TypeLog = typeLog(UNKNOWN_EVENT);
