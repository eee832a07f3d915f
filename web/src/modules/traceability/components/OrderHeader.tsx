import type { OrderReply } from '@shared/contracts/traceability';
import { durationText } from '@shared/lead-time';
import { formatDateTime, formatWallClock } from '@shared/time';

/** An order's opening or closing date-time: the form's wall clock, or an instant; a dash when
 * absent (seed 002 §2: the closing date of an open order). */
const when = (value: string | null) => (value ? formatWallClock(value) || formatDateTime(value) || '—' : '—');

/** Seed 002 §3: the header card shows only Abierta (1) and Cerrada (3). */
const status = (estado: number, nombre: string) => (estado === 1 ? 'Abierta' : estado === 3 ? 'Cerrada' : nombre);

/** The per-OT header card (seed 002 §2): code, site, functional group, status, opening and closing
 * date-times and the total time (milestone 1 to 18, or to now while open). */
export function OrderHeader({ order }: { order: OrderReply['orden_trabajo'] }) {
  const fields: [string, string][] = [
    ['Obra', order.nombre_obra ?? '—'],
    ['Grupo funcional', order.gf.map((g) => g.nombre).join(', ') || '—'],
    ['Apertura', when(order.fecha_apertura_ot)],
    ['Cierre', when(order.fecha_cierre_ot)],
    ['Tiempo total', durationText(order.total)],
  ];
  const open = order.estado_ot === 1;
  return (
    <section aria-label={`Orden de trabajo ${order.codigo}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold text-slate-900">{order.codigo}</h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${open ? 'bg-sky-50 text-sky-800 ring-sky-600/30' : 'bg-slate-100 text-slate-800 ring-slate-500/30'}`}>{status(order.estado_ot, order.estado_nombre)}</span>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 xl:grid-cols-3">
        {fields.map(([k, val]) => (
          <div key={k} className="min-w-0">
            <dt className="text-xs text-slate-600">{k}</dt>
            <dd className="truncate font-medium text-slate-900 tabular-nums" title={val}>
              {val}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
