import type { OrderMilestone } from '@shared/contracts/traceability';
import { minutesBetween } from '@shared/lead-time';

/** Milestones 5-12 come in pairs, compra (odd) and servicio (even): an order's request is of one
 * kind, so the other kind's four can never be reached (SEED-002-ANALYSIS §5). */
const KIND_OF: Record<number, 'compra' | 'servicio'> = { 5: 'compra', 6: 'servicio', 7: 'compra', 8: 'servicio', 9: 'compra', 10: 'servicio', 11: 'compra', 12: 'servicio' };

export type TimelineRow =
  | { state: 'reached'; milestone: OrderMilestone; /** minutes from the first reached milestone */ start: number; end: number }
  | { state: 'pending'; milestone: OrderMilestone };

/** The rows of an order's timeline, in milestone order. Rules (docs/modules/traceability.md):
 * - a reached milestone is a bar from the previous reached one (`fecha_anterior`) lasting its
 *   `duration`, placed from the order's first reached milestone;
 * - a milestone of the other request kind (a compra order's 6, 8, 10 and 12; a servicio order's
 *   5, 7, 9 and 11) is left out unless it was reached, so a compra order shows its 14 milestones;
 *   an order without a compra or servicio request keeps them only when reached;
 * - any other milestone not reached yet is kept, greyed, as 'pending'. */
export function timelineRows(items: OrderMilestone[], tipoSolicitud: string | null): { rows: TimelineRow[]; span: number } {
  const reached = items.filter((m) => m.fecha !== null);
  const origin = reached.length ? reached.reduce((a, m) => (m.fecha! < a ? m.fecha! : a), reached[0].fecha!) : null;
  let span = 0;
  const rows: TimelineRow[] = [];
  for (const m of [...items].sort((a, b) => a.n - b.n)) {
    if (m.fecha === null || origin === null) {
      const kind = KIND_OF[m.n];
      if (!kind || kind === tipoSolicitud) rows.push({ state: 'pending', milestone: m });
      continue;
    }
    const end = minutesBetween(origin, m.fecha);
    const start = Math.max(0, Math.min(end, m.fecha_anterior ? minutesBetween(origin, m.fecha_anterior) : end - m.duration));
    span = Math.max(span, end);
    rows.push({ state: 'reached', milestone: m, start, end });
  }
  return { rows, span };
}
