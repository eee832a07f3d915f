import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { GENERATOR_FILTER_LABELS, GENERATOR_SEGMENTS, type GeneratorFilter, type GeneratorFilterKey } from '@shared/profitability-generator';
import { fieldErrors } from '@shared/envelope';
import type { GeneratorOptionsReply } from '@shared/contracts/profitability-generator';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';
import { Spinner } from '../../../ui/dialogs/Spinner';
import { useWrite } from '../../../ui/resource/useWrite';
import { useToast } from '../../../ui/toast/useToast';
import { openPdf } from '../../../api/openPdf';
import { MSG_FILE_OPENED } from '@shared/messages';
import { generatorQueries } from '../generator.queries';
import { MultiSelect } from '../../../ui/select/MultiSelect';
import { SectionTree, type TreeSection } from './SectionTree';

const CARD = 'rounded-lg border border-slate-200 bg-white shadow-sm';
export const MSG_PICK_SECTION = 'Seleccione al menos una sección para generar el reporte.';

/** /rentabilidad (seed 002 §2, §5, §9; issue 19): the profitability report generator. */
export function GeneradorPage() {
  const q = useQuery(generatorQueries.options());
  return (
    <section className="space-y-4">
      <div className={`${CARD} p-3 sm:p-4`}>
        <h1 className="text-lg font-semibold text-slate-900">Generador de reportes de rentabilidad</h1>
        <p className="text-sm text-slate-600">Elija las secciones y sus resultados, ordénelos arrastrando, filtre cada sección y los meses: el PDF se genera en segundo plano y se abre en una pestaña nueva.</p>
      </div>
      {q.isPending || q.isError ? <LoadState framed error={q.error} onRetry={() => void q.refetch()} /> : <Generator options={q.data} />}
    </section>
  );
}

function Generator({ options }: { options: GeneratorOptionsReply }) {
  const [order, setOrder] = useState<TreeSection[]>(() => options.items.map((s) => ({ id: s.id, nombre: s.nombre, children: s.children })));
  const [checked, setChecked] = useState<Record<number, number[]>>({});
  const [filters, setFilters] = useState<Record<number, GeneratorFilter>>({});
  // Seed 002 §9: the months default to the current month.
  const [meses, setMeses] = useState<string[]>([options.mes_actual]);
  const [reportId, setReportId] = useState<string | null>(null);
  const [error, setError] = useState<{ msg: string; errors: Record<string, string> } | null>(null);
  const { write, pending } = useWrite();
  const { show } = useToast();

  const dataBody = useMemo(
    () => order.filter((s) => (checked[s.id] ?? []).length).map((s) => ({ id: s.id, children: s.children.map((c) => c.id).filter((id) => checked[s.id].includes(id)) })),
    [order, checked],
  );
  const chosen = order.filter((s) => (checked[s.id] ?? []).length);
  const canGenerate = dataBody.length > 0 && meses.length > 0 && !pending;

  const status = useQuery({ ...generatorQueries.status(reportId ?? ''), enabled: reportId !== null });
  const running = reportId !== null && (!status.data || status.data.estado === 'pendiente' || status.data.estado === 'generando');
  const opened = useRef<string | null>(null);
  const ready = status.data?.estado === 'listo' ? status.data.url : null;
  useEffect(() => {
    if (!ready || opened.current === ready) return;
    opened.current = ready;
    // A file opened in a new tab says so (seed 000 §8), as the export menu and the record PDFs do.
    void openPdf(ready).then((msg) => show(msg ?? MSG_FILE_OPENED, msg ? 'error' : 'success'));
  }, [ready, show]);

  async function generate() {
    setError(null);
    const selectedFilter = GENERATOR_SEGMENTS.map((s) => (filters[s.id] && Object.keys(filters[s.id]).length ? filters[s.id] : null));
    const r = await write({ path: '/reportes_generacion/generarReporte', body: { dataBody, selectedFilter, selectedMeses: meses } });
    if (!r.envelope.ok) {
      setError({ msg: r.envelope.msg, errors: fieldErrors(r.envelope.errors) });
      return;
    }
    opened.current = null;
    setReportId(String((r.envelope as unknown as { id: string }).id));
  }

  const optionsOf = (k: GeneratorFilterKey) =>
    (k === 'id_obra' ? options.obras : k === 'id_subgrupos' ? options.descripcion : k === 'id_equipos' ? options.equipos : k === 'id_marcas' ? options.marcas : options.modelos);
  const setFilter = (segment: number, k: GeneratorFilterKey, ids: number[]) => setFilters((f) => ({ ...f, [segment]: { ...f[segment], [k]: ids } }));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
      <section aria-labelledby="gen-sections" className={`${CARD} min-w-0 p-3 sm:p-4`}>
        <h2 id="gen-sections" className="mb-1 text-base font-semibold text-slate-900">
          Secciones
        </h2>
        <p className="mb-3 text-xs text-slate-600">Arrastre con el asa (o Espacio y flechas) para ordenar las secciones y los resultados dentro de su sección.</p>
        <SectionTree order={order} checked={checked} onOrder={setOrder} onChecked={setChecked} />
      </section>
      <div className="flex min-w-0 flex-col gap-4">
        <section aria-labelledby="gen-months" className={`${CARD} p-3 sm:p-4`}>
          <h2 id="gen-months" className="mb-2 text-base font-semibold text-slate-900">
            Meses
          </h2>
          <MultiSelect label="Meses del reporte" options={options.meses} value={meses} onChange={setMeses} placeholder="Seleccione los meses" />
          {meses.length === 0 ? <p className="mt-1 text-xs text-red-700">Seleccione al menos un mes.</p> : null}
        </section>
        <section aria-labelledby="gen-filters" className={`${CARD} p-3 sm:p-4`}>
          <h2 id="gen-filters" className="mb-2 text-base font-semibold text-slate-900">
            Filtros por sección
          </h2>
          {chosen.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-600">{MSG_PICK_SECTION}</p>
          ) : (
            <div className="space-y-4">
              {chosen.map((s) => (
                <fieldset key={s.id} className="rounded-md border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold text-slate-800">{s.nombre}</legend>
                  <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
                    {GENERATOR_SEGMENTS[s.id].filtros.map((k) => (
                      <MultiSelect key={k} label={GENERATOR_FILTER_LABELS[k]} context={s.nombre} options={optionsOf(k)} value={filters[s.id]?.[k] ?? []} onChange={(ids) => setFilter(s.id, k, ids)} placeholder="Todas" />
                    ))}
                  </div>
                </fieldset>
              ))}
            </div>
          )}
        </section>
        <section aria-labelledby="gen-run" className={`${CARD} space-y-3 p-3 sm:p-4`}>
          <h2 id="gen-run" className="text-base font-semibold text-slate-900">
            Reporte
          </h2>
          {error ? (
            <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
              {error.msg}
              {Object.values(error.errors).length ? <ul className="mt-1 list-disc ps-5">{[...new Set(Object.values(error.errors))].map((m) => <li key={m}>{m}</li>)}</ul> : null}
            </div>
          ) : null}
          <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
            <button type="button" className={PRIMARY_BUTTON} disabled={!canGenerate || running} onClick={() => void generate()}>
              {pending || running ? <Spinner className="size-4" /> : null}
              Generar PDF
            </button>
            {ready ? (
              <button type="button" className={SECONDARY_BUTTON} onClick={() => void openPdf(ready).then((msg) => show(msg ?? MSG_FILE_OPENED, msg ? 'error' : 'success'))}>
                Abrir PDF
              </button>
            ) : null}
          </div>
          {!dataBody.length ? <p className="text-sm text-slate-600">{MSG_PICK_SECTION}</p> : null}
          {reportId !== null ? <Progress estado={status.data?.estado ?? 'pendiente'} progreso={status.data?.progreso ?? 0} paginas={status.data?.paginas ?? 0} mensaje={status.data?.mensaje ?? null} /> : null}
        </section>
      </div>
    </div>
  );
}

function Progress({ estado, progreso, paginas, mensaje }: { estado: string; progreso: number; paginas: number; mensaje: string | null }) {
  const text =
    estado === 'error'
      ? (mensaje ?? 'El reporte no se pudo generar')
      : estado === 'listo'
        ? `Reporte listo: ${paginas} páginas. Se abrió en una pestaña nueva.`
        : estado === 'pendiente'
          ? 'En cola…'
          : `Generando… ${paginas} páginas`;
  return (
    <div className="space-y-1">
      <div
        role="progressbar"
        aria-label="Avance del reporte"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progreso}
        className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full rounded-full transition-[width] ${estado === 'error' ? 'bg-red-600' : 'bg-teal-700'}`} style={{ width: `${progreso}%` }} />
      </div>
      <p aria-live="polite" className={`text-sm ${estado === 'error' ? 'text-red-700' : 'text-slate-700'}`}>
        {progreso}% · {text}
      </p>
    </div>
  );
}
