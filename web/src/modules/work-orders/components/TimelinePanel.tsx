import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLiveTopic } from '../../../shell/live/useLiveTopic';
import { SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { EstadoChip } from './EstadoChip';
import { formatDateTime, formatWallClock } from '@shared/time';
import { read } from '../../../api/typed';

export const timelineKey = (id: number) => ['work-order-timeline', id] as const;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** The 'Linea de Tiempo' tab (seed 001 §2): 'Resumen de Orden de Trabajo' (apertura_cierre) and
 * 'Linea de Tiempo Detallada' (flujo_total: each step with its author, date, the time since the
 * previous step and the changed values as 'campo: antes → después'). It follows the order live
 * (topic work_order:{id}, debounced). */
export function TimelinePanel({ id }: { id: number }) {
  const queryClient = useQueryClient();
  const timeline = useQuery({
    queryKey: timelineKey(id),
    queryFn: () => read('/ordenes_trabajo/obtenerLineaDeTiempo', { id_orden_trabajo: id }),
  });
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveTopic([`work_order:${id}`], () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: timelineKey(id) }), 300);
  });

  if (timeline.isPending) {
    return (
      <div className="flex justify-center py-16 text-teal-700">
        <Spinner className="size-6" label="Cargando..." />
      </div>
    );
  }
  if (timeline.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-12 text-center text-sm text-red-700">
        <p>{timeline.error.message}</p>
        <button type="button" className={SECONDARY_BUTTON} onClick={() => void timeline.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  const { apertura_cierre: summary, flujo_total: steps } = timeline.data;
  return (
    <div className="space-y-6">
      <section aria-labelledby="ot-resumen" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="ot-resumen" className="mb-4 text-base font-semibold text-slate-900">
          Resumen de Orden de Trabajo
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Fact label="Código">{summary.codigo}</Fact>
          <Fact label="Estado">
            <EstadoChip estado={summary.estado} />
          </Fact>
          <Fact label="Registrada por">{summary.registrada_por}</Fact>
          <Fact label="Registrada el">{formatDateTime(summary.registrada)}</Fact>
          <Fact label="Finalizada por">{summary.finalizada_por ?? '—'}</Fact>
          <Fact label="Finalizada el">{summary.finalizada ? formatDateTime(summary.finalizada) : '—'}</Fact>
          <Fact label="Duración en el sistema">{summary.duracion_sistema}</Fact>
          <Fact label="Tiempo de ejecución">
            {summary.tiempo_ejecucion}
            {summary.fecha_apertura_ot ? (
              <span className="block text-xs text-slate-500">
                {formatWallClock(summary.fecha_apertura_ot)} → {summary.fecha_cierre_ot ? formatWallClock(summary.fecha_cierre_ot) : '—'}
              </span>
            ) : null}
          </Fact>
          <Fact label="Pasos">{summary.pasos}</Fact>
        </dl>
      </section>

      <section aria-labelledby="ot-flujo" className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id="ot-flujo" className="mb-4 flex items-center gap-2 text-base font-semibold text-slate-900">
          Línea de tiempo detallada
          {timeline.isFetching ? <Spinner className="size-4 text-teal-700" /> : null}
        </h2>
        <ol aria-label="Pasos de la orden de trabajo" className="relative ms-4 border-s-2 border-slate-200">
          {steps.map((step) => (
            <li key={step.id} className="relative ms-6 pb-6 last:pb-0">
              <span
                aria-hidden="true"
                className="absolute -start-[2.35rem] top-0 flex size-8 items-center justify-center rounded-full bg-teal-700 text-xs font-semibold text-white ring-4 ring-white tabular-nums"
              >
                {step.paso}
              </span>
              <div className="rounded-md border border-slate-200 bg-slate-50/60 px-3 py-2">
                <p className="text-sm font-semibold text-slate-900">
                  <span className="sr-only">Paso {step.paso}: </span>
                  {step.titulo}
                </p>
                <p className="mt-0.5 text-xs text-slate-600">
                  <span className="font-medium text-slate-700">{step.user_name}</span>
                  <span aria-hidden="true"> · </span>
                  <time dateTime={step.date_created}>{formatDateTime(step.date_created)}</time>
                  {step.paso > 1 ? (
                    <>
                      <span aria-hidden="true"> · </span>
                      <span title="Tiempo desde el paso anterior">+{step.desde_anterior} desde el paso anterior</span>
                    </>
                  ) : null}
                </p>
                {step.cambios.length ? (
                  <ul className="mt-2 space-y-0.5 text-xs text-slate-700">
                    {step.cambios.map((c, i) => (
                      <li key={`${c.campo}-${i}`}>
                        <span className="font-medium">{c.campo}:</span> <span className="text-slate-500 line-through decoration-slate-300">{c.antes}</span> →{' '}
                        <span>{c.despues}</span>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
