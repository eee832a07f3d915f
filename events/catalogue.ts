import type { Event } from './types';

/** What the product says and does about one event type, written once beside its aggregate:
 * - the activity log and record history sentence (`{user} {prefix} {name} {target} {suffix}`),
 *   its filter `label` and badge (`icon`, `color`);
 * - the live `topics` a committed event of this type pushes to (besides the record's own);
 * - the traceability `milestone` (1-18) it marks, for the lead-time report. */
export type EventInfo = {
  label: string;
  prefix?: string;
  name: string;
  suffix?: string;
  icon: string;
  color: 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'danger';
  topics?: readonly string[];
  /** The traceability milestone (1-18) this event reaches, or one per request kind (5-12: the
   * compra and the servicio milestones of the same event; a despacho reads as a compra). */
  milestone?: number | { compra: number; servicio: number };
};

/** One aggregate's catalogue: an entry for every event type of its union, checked by the compiler
 * (`defineCatalogue<WorkOrderEvent>()({...})` fails to compile when a type has no entry). */
export type Catalogue<E extends Event> = { readonly [K in E['type']]: EventInfo };

export function defineCatalogue<E extends Event>() {
  return <C extends Catalogue<E>>(entries: C & Record<Exclude<keyof C, E['type']>, never>): C => entries;
}
