import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { formatOrderAge, orderAgeTone, type AgeTone } from '../internal/orderAge';
import type { SearchOf } from '../../../ui/resource/defineResource';
import { useLive } from '../../../ui/resource/useLive';
import { formatWallClock } from '@shared/time';
import { boardQuery, workOrderBoard } from '../workOrders.resource';
import type { BoardOrder, BoardSite } from '../workOrderTypes';
import { BackArrow, BACK_TO_LIST } from './BackToList';

const TONES: Record<AgeTone, { card: string; badge: string; label: string }> = {
  fresh: { card: 'border-s-emerald-500', badge: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20', label: 'menos de 24 h' },
  aging: { card: 'border-s-amber-500', badge: 'bg-amber-50 text-amber-800 ring-amber-600/20', label: 'de 1 a 3 días' },
  late: { card: 'border-s-red-500', badge: 'bg-red-50 text-red-800 ring-red-600/20', label: 'más de 3 días' },
};

function OrderCard({ order }: { order: BoardOrder }) {
  const tone = TONES[orderAgeTone(order.edad_minutos)];
  return (
    <li className={`rounded-md border border-s-4 border-slate-200 bg-white p-3 shadow-sm ${tone.card}`} aria-label={`Orden ${order.codigo}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-2 gap-y-1">
        <Link to="/ordenes_trabajo/$id/editar" params={{ id: String(order.id) }} className="text-sm font-semibold whitespace-nowrap text-teal-800 hover:underline">
          {order.codigo}
        </Link>
        <span
          className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone.badge}`}
          title={`Abierta ${formatWallClock(order.fecha_apertura_ot)} (${tone.label})`}
        >
          {formatOrderAge(order.edad_minutos)}
        </span>
      </div>
      <p className="mt-1 truncate text-sm text-slate-800" title={[order.equipo_codigo, order.equipo_descripcion].filter(Boolean).join(' - ')}>
        <span className="font-medium">{order.equipo_codigo ?? '—'}</span>
        {order.equipo_descripcion ? <span className="text-slate-500"> - {order.equipo_descripcion}</span> : null}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 gap-y-0.5 text-xs text-slate-600">
        <dt>Supervisor</dt>
        <dd className="truncate text-slate-800">{order.supervisor || '—'}</dd>
        <dt>Mecánico</dt>
        <dd className="truncate text-slate-800">{order.mecanico || '—'}</dd>
      </dl>
      <p className="mt-2">
        <span className="inline-flex rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{order.situacion}</span>
      </p>
    </li>
  );
}

/** The site columns side by side; when some are out of view, the edge they hide behind fades and
 * a round arrow button scrolls one column over (the visible cue that there is more). */
function ColumnScroller({ count, children }: { count: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const start = Math.abs(el.scrollLeft);
    setMore({ before: start > 4, after: start + el.clientWidth < el.scrollWidth - 4 });
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [measure, count]);
  const by = (dir: 1 | -1) => {
    const el = ref.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === 'rtl' ? -1 : 1;
    el.scrollBy({ left: dir * rtl * 252, behavior: 'smooth' });
  };
  const arrow = 'absolute top-3 z-10 inline-flex size-9 items-center justify-center rounded-full bg-white text-slate-700 shadow-md ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';
  return (
    <div className="relative">
      <div ref={ref} onScroll={measure} className="flex snap-x gap-3 overflow-x-auto pb-2">
        {children}
      </div>
      {more.before ? (
        <>
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 start-0 w-10 bg-gradient-to-r from-slate-100 to-transparent rtl:bg-gradient-to-l" />
          <button type="button" aria-label="Obras anteriores" onClick={() => by(-1)} className={`${arrow} start-1`}>
            <span aria-hidden="true" className="rtl:-scale-x-100">‹</span>
          </button>
        </>
      ) : null}
      {more.after ? (
        <>
          <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 end-0 w-10 bg-gradient-to-l from-slate-100 to-transparent rtl:bg-gradient-to-r" />
          <button type="button" aria-label="Más obras" onClick={() => by(1)} className={`${arrow} end-1`}>
            <span aria-hidden="true" className="rtl:-scale-x-100">›</span>
          </button>
        </>
      ) : null}
    </div>
  );
}

function SiteColumn({ site }: { site: BoardSite }) {
  return (
    <section aria-label={`Obra ${site.obra}`} className="flex w-64 shrink-0 snap-start flex-col rounded-lg border border-slate-200 bg-slate-50 xl:w-60">
      <header className="flex items-center gap-2 border-b border-slate-200 px-3 py-2.5">
        <h2 className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900" title={site.obra}>
          {site.obra}
          {site.ob_codigo ? <span className="ms-1 text-xs font-normal text-slate-500">{site.ob_codigo}</span> : null}
        </h2>
        <span className="rounded-full bg-teal-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums" title="Órdenes abiertas">
          {site.abiertas}
        </span>
      </header>
      <ol className="flex max-h-[70vh] flex-col gap-2 overflow-y-auto p-2">
        {site.ordenes.map((o) => (
          <OrderCard key={o.id} order={o} />
        ))}
      </ol>
    </section>
  );
}

/** /ordenes_trabajo/tablero: the live board of open orders for supervisors — one column per site
 * with its count, oldest orders first, each card with its code, equipment, supervisor and
 * mechanic, age (green under 24 h, amber 1–3 days, red over 3 days) and situation. Orders opened,
 * closed or cancelled anywhere move the board at once (topic work_order, debounced); ages are
 * recomputed every minute. The site filter lives in the URL (?id_obra=, the route's job). */
export function BoardPage({ search, onSite }: { search: SearchOf<typeof workOrderBoard>; onSite(idObra: number | undefined): void }) {
  const idObra = search.id_obra;
  const board = useQuery(boardQuery(search));
  useLive({ topics: workOrderBoard.topics, keys: [workOrderBoard.keys.all], mode: workOrderBoard.live });
  const sites = board.data?.items ?? [];

  let body;
  if (board.isPending || board.isError) {
    body = <LoadState error={board.error} onRetry={() => void board.refetch()} />;
  } else if (sites.length === 0) {
    body = <p className="py-20 text-center text-sm text-slate-500">No hay órdenes abiertas</p>;
  } else {
    body = (
      <ColumnScroller count={sites.length}>
        {sites.map((s) => (
          <SiteColumn key={s.id_obra} site={s} />
        ))}
      </ColumnScroller>
    );
  }

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <Link to="/ordenes_trabajo" aria-label="Volver a la lista" className={BACK_TO_LIST}>
          <BackArrow />
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">Tablero de órdenes de trabajo</h1>
          <p className="text-sm text-slate-500" aria-live="polite">
            {board.data ? `${board.data.total} ${board.data.total === 1 ? 'orden abierta' : 'órdenes abiertas'}` : ' '}
            {board.isFetching && !board.isPending ? <Spinner className="ms-2 inline size-3.5 text-teal-700" /> : null}
          </p>
        </div>
        <div className="w-64 [&_label]:sr-only">
          <SelectLocal<number> label="Obra" endpoint="/fil_datas/obras" value={idObra ?? null} onChange={(v) => onSite(v ?? undefined)} placeholder="Todas las obras" />
        </div>
        <div className="flex items-center gap-3 text-xs text-slate-600" aria-label="Leyenda de antigüedad">
          {(['fresh', 'aging', 'late'] as const).map((t) => (
            <span key={t} className="inline-flex items-center gap-1">
              <span aria-hidden="true" className={`size-2.5 rounded-full ${t === 'fresh' ? 'bg-emerald-500' : t === 'aging' ? 'bg-amber-500' : 'bg-red-500'}`} />
              {TONES[t].label}
            </span>
          ))}
        </div>
      </div>
      {body}
    </section>
  );
}
