import type { Tabla } from '@shared/work-order';
import type { WorkOrderFormPayload } from '@shared/contracts/work-orders';

// The shapes of the work-order calls as the screens read them (services/api/work-orders/*: the
// list columns of work-order-routes.ts, load-work-order.ts, timeline.ts, board.ts).

export type { Tabla };

/** Seed 001 §4: estado 1 abierto, 2 cancelado, 3 cerrado. */
export type EstadoOt = 1 | 2 | 3;

// The list row, the form's item, lines and permissions, the timeline and the board: the server's reply types
// (shared/contracts/work-orders.ts).
export type {
  BoardOrder,
  BoardReply,
  BoardSite,
  DocumentItem,
  PartLineItem,
  TimelineReply,
  TimelineStep,
  TimelineSummary,
  WorkLineItem,
  WorkOrderItem,
  WorkOrderPermissions,
  WorkOrderRow,
} from '@shared/contracts/work-orders';

/** GET /ordenes_trabajo/form: the server's reply (its item, lines and their display names as the
 * contract states them). `conversion_unidades` is read defensively (seed 001 §8: when it is not an
 * array the full unit list applies). */
export type WorkOrderFormReply = WorkOrderFormPayload;

export type UnitOption = { value: number; label: string; decimales?: number };
