import { fold, type Decider } from '../../../../events/decider';
import { centralEntryFiles } from '../../../../events/central-entry-file/decider';
import type { Aggregate } from '../../../../events/execute';
import { horometroAggregate } from '../../../../events/hour-meter/decider';
import { obraGastos } from '../../../../events/site/decider';
import { purchaseRequests } from '../../../../events/purchase-request/decider';
import { recordAggregate } from '../../../../events/record/commands';
import { users } from '../../../../events/record/user';
import { stock } from '../../../../events/stock/decider';
import { transferRequests } from '../../../../events/transfer-request/decider';
import type { Event, RecordedEvent } from '../../../../events/types';
import { workOrders } from '../../../../events/work-order/decider';
import { legalText } from '../../../../events/legal/decider';
import { logTargets } from '../logs/log-targets';

/** A stream type whose history can be opened: the module whose `see` right opens it, how its
 * events fold into the record's state (the aggregate's own decider, as commands see it) and the
 * site rule of its form beyond `SITE_SCOPED_RECORDS` ('obra': the stream id is the site's id;
 * 'stock': central stock is everyone's, a site's only its people's). */
export type HistoryStream = {
  module: string;
  fold(events: RecordedEvent[]): unknown;
  site?: 'obra' | 'stock';
};

function folder<S, C, E extends Event>(agg: Aggregate<S, C, E>, view: (state: S) => unknown = (s) => s) {
  const decider: Pick<Decider<S, C, E>, 'initialState' | 'evolve'> = agg.decider;
  return (events: RecordedEvent[]) => view(fold(decider, events as unknown as E[]));
}

/** Aggregates with a decider of their own; every other stream type with a history is a record of
 * the generic record aggregate (master data, administration rows; `equipo` adds its own events). */
const OWN_AGGREGATES: Readonly<Record<string, (events: RecordedEvent[]) => unknown>> = {
  work_order: folder(workOrders),
  purchase_request: folder(purchaseRequests),
  user: folder(users),
  horometro: folder(horometroAggregate),
  // The legal text's state also keeps every earlier version's text (for its restore): the record
  // as it was is the text of that moment.
  legal: folder(legalText, (s) => s.record),
  central_entry_file: folder(centralEntryFiles),
  transfer_request: folder(transferRequests),
  stock: folder(stock),
  obra_gastos: folder(obraGastos),
};

/** Documents the activity log does not list as targets, with the module whose screens show them
 * (the same modules their live topics need: live/topic-allowed.ts). */
const DOCUMENTS: Readonly<Record<string, Pick<HistoryStream, 'module' | 'site'>>> = {
  obra_gastos: { module: '/obras', site: 'obra' },
  central_entry_file: { module: '/almacen_central_entradas_archivos' },
  transfer_request: { module: '/traslado_materiales' },
  stock: { module: '/stock_almacen', site: 'stock' },
};

/** The stream types whose history, as-of state and history download can be opened (GET /history,
 * /history/asOf, /history/export), or null for any other (sessions, notifications, unknown). */
export function historyStream(streamType: string): HistoryStream | null {
  const own = Object.hasOwn(OWN_AGGREGATES, streamType) ? OWN_AGGREGATES[streamType] : undefined;
  if (Object.hasOwn(DOCUMENTS, streamType)) return { ...DOCUMENTS[streamType], fold: own! };
  const target = Object.hasOwn(logTargets, streamType) ? logTargets[streamType] : undefined;
  if (!target?.history || !target.module) return null;
  return { module: target.module, fold: own ?? folder(recordAggregate(streamType)) };
}
