import type { EventInfo } from './catalogue';
import { centralEntryFileCatalogue } from './central-entry-file/catalogue';
import { equipmentCatalogue } from './equipment/catalogue';
import { horometroCatalogue } from './hour-meter/catalogue';
import { notificationCatalogue } from './notification/catalogue';
import { obraGastosCatalogue } from './site/catalogue';
import { pmPlanCatalogue } from './pm-plan/catalogue';
import { pmSiteCatalogue } from './pm-site/catalogue';
import { purchaseRequestCatalogue } from './purchase-request/catalogue';
import { recordCatalogue } from './record/catalogue';
import { sessionCatalogue } from './session/catalogue';
import { stockCatalogue } from './stock/catalogue';
import { transferRequestCatalogue } from './transfer-request/catalogue';
import { workOrderCatalogue } from './work-order/catalogue';

/** One aggregate's catalogue in the registry. `streamType`: the streams it names (null for the
 * generic record aggregate, whose streams are every master-data entity). `private`: its events
 * push only their own targeted topics, never the record's (`session`, `session:…`). */
export type RegisteredCatalogue = {
  aggregate: string;
  streamType: string | null;
  private?: boolean;
  events: { readonly [type: string]: EventInfo };
};

/** Every aggregate's catalogue, in the order of the activity log's type filter. An aggregate with
 * a decider registers here: the activity log, the record history, the work-order timeline and the
 * live projection read this list and nothing else. */
export const catalogues = [
  { aggregate: 'record', streamType: null, events: recordCatalogue },
  { aggregate: 'session', streamType: 'session', private: true, events: sessionCatalogue },
  { aggregate: 'notification', streamType: 'notification', private: true, events: notificationCatalogue },
  { aggregate: 'work_order', streamType: 'work_order', events: workOrderCatalogue },
  { aggregate: 'obra_gastos', streamType: 'obra_gastos', events: obraGastosCatalogue },
  { aggregate: 'purchase_request', streamType: 'purchase_request', events: purchaseRequestCatalogue },
  { aggregate: 'central_entry_file', streamType: 'central_entry_file', events: centralEntryFileCatalogue },
  { aggregate: 'transfer_request', streamType: 'transfer_request', events: transferRequestCatalogue },
  { aggregate: 'stock', streamType: 'stock', events: stockCatalogue },
  { aggregate: 'horometro_slot', streamType: 'horometro_slot', events: horometroCatalogue },
  { aggregate: 'equipo', streamType: 'equipo', events: equipmentCatalogue },
  { aggregate: 'pm_plan', streamType: 'pm_plan', events: pmPlanCatalogue },
  { aggregate: 'pm_obra', streamType: 'pm_obra', events: pmSiteCatalogue },
] as const satisfies readonly RegisteredCatalogue[];

type KeysOf<T> = T extends unknown ? keyof T & string : never;
/** Every event type the registry names (a decider's event type outside it fails the catalogue
 * test's compile-time check). */
export type RegisteredEventType = KeysOf<(typeof catalogues)[number]['events']>;

function merge(list: readonly RegisteredCatalogue[]): Readonly<Record<string, EventInfo>> {
  const all: Record<string, EventInfo> = {};
  for (const c of list) {
    for (const [type, info] of Object.entries(c.events)) {
      if (Object.hasOwn(all, type)) throw new Error(`El tipo de evento ${type} está en dos catálogos`);
      all[type] = info;
    }
  }
  return all;
}

/** Every known event type with its entry (an event type belongs to one aggregate). */
export const eventCatalogue = merge(catalogues);

/** The entry of an event type; undefined for a type no catalogue names. */
export function eventInfo(type: string): EventInfo | undefined {
  return Object.hasOwn(eventCatalogue, type) ? eventCatalogue[type] : undefined;
}

/** An event type no catalogue names yet still reads as a sentence in the log. */
export const UNKNOWN_EVENT: EventInfo = { label: 'Otro evento', name: 'registró', icon: 'info', color: 'secondary' };

/** Stream types whose events push only their targeted topics. */
export const privateStreamTypes: ReadonlySet<string> = new Set((catalogues as readonly RegisteredCatalogue[]).flatMap((c) => (c.private && c.streamType ? [c.streamType] : [])));

/** The targeted live topics of one event, its entry's `topics` with `{field}` filled from the
 * event's data (a topic whose field is missing is left out). */
export function eventTopics(type: string, data: Record<string, unknown>): string[] {
  const topics: string[] = [];
  for (const template of eventInfo(type)?.topics ?? []) {
    let complete = true;
    const topic = template.replace(/\{(\w+)\}/g, (_, field: string) => {
      const value = data[field];
      if (value === undefined || value === null || value === '') complete = false;
      return String(value);
    });
    if (complete) topics.push(topic);
  }
  return topics;
}
