import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { useLive } from '../../../ui/resource/useLive';
import { TRACEABILITY_KEY, traceabilityQueries } from '../traceability.queries';
import type { TraceabilitySearch } from '../traceabilitySearch';
import { useTraceabilityFilters } from '../useTraceabilityFilters';
import { FilterPanel } from './FilterPanel';
import { OrderHeader } from './OrderHeader';
import { OrderSelect } from './OrderSelect';
import { OrderTimeline } from './OrderTimeline';

/** Seed 002 §8: the main area before an order is chosen. */
export const PICK_ORDER = 'Seleccionar una OT';

const CARD = 'rounded-lg border border-slate-200 bg-white p-4 shadow-sm';

/** /trazabilidad_ot (seed 002 §2, §5): the panel's filters and the OT select in the URL, 'Total de
 * OT's: N' (the lookup's `conteo`), then the chosen order's header card and milestone timeline
 * (GET getInfoLT). A milestone reached (live topic `traceability`) refreshes both. */
export function OrderPage({ search }: { search: TraceabilitySearch }) {
  const panel = useTraceabilityFilters(search);
  const { filters, missing, setSearch } = panel;
  const count = useQuery({ ...traceabilityQueries.orders(filters!), enabled: filters !== null });
  const id = search.id_ot;
  const order = useQuery({ ...traceabilityQueries.order(id ?? 0), enabled: id !== undefined });
  useLive({ topics: ['traceability'], keys: [[...TRACEABILITY_KEY]], mode: 'auto' });
  const [picked, setPicked] = useState<string | undefined>();

  let body;
  if (id === undefined) {
    body = <p className={`${CARD} py-16 text-center text-sm text-slate-600`}>{PICK_ORDER}</p>;
  } else if (order.isPending || order.isError) {
    body = <LoadState framed error={order.error} onRetry={() => void order.refetch()} />;
  } else {
    body = (
      <div className="flex min-w-0 flex-col gap-4">
        <OrderHeader order={order.data.orden_trabajo} />
        <OrderTimeline items={order.data.item} tipoSolicitud={order.data.orden_trabajo.tipo_solicitud} />
      </div>
    );
  }

  return (
    <section className="space-y-4">
      <div className={`${CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">Trazabilidad por OT</h1>
        <p className="text-sm text-slate-600">El recorrido de una orden de trabajo por sus hitos.</p>
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start">
        <FilterPanel panel={panel}>
          <OrderSelect
            filters={filters}
            missing={missing}
            value={id}
            label={picked ?? (order.data && order.data.orden_trabajo.id === id ? order.data.orden_trabajo.codigo : undefined)}
            onChange={(next, label) => {
              setPicked(label);
              setSearch({ id_ot: next });
            }}
          />
          <p className="text-sm text-slate-700" aria-live="polite">
            Total de OT&apos;s: <strong className="tabular-nums">{count.data?.conteo ?? 0}</strong>
          </p>
        </FilterPanel>
        <div className="min-w-0 flex-1">{body}</div>
      </div>
    </section>
  );
}
