import { BackLink } from '../../ui/BackLink';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormErrorBanner } from '../../ui/form/FormErrorBanner';
import type { GastoLinea } from '@shared/site-expenses';
import type { GastosReply } from '@shared/contracts/sites';
import { fetchOk } from '../../api/client';
import { fieldErrors } from '../../api/envelope';
import { moduleRights, useMe } from '../../session/useMe';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/dialogs/buttonClasses';
import { LoadState } from '../../ui/dialogs/LoadState';
import { Spinner } from '../../ui/dialogs/Spinner';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { DISCARD_MESSAGE, useLeavePrompt } from '../../ui/resource/useLeavePrompt';
import { useWrite } from '../../ui/resource/useWrite';
import { MSG_SAVED } from '@shared/messages';
import { useToast } from '../../ui/toast/useToast';
import { GastosSection } from './GastosSection';
import { obras } from './sites.resource';
import { allLines, isDirty, lineErrors, liveLines, payloadOf, valuesOf, type GastosValues, type LineaTexto } from './gastosForm';
import { formatMoney, formatNumber } from '@shared/money';

/** Seed 001 §3: the four sections, titled as the spec writes them. */
const SECTIONS = [
  { grupo: 'concepto', title: 'Conceptos', totalLabel: 'Total Conceptos (con la línea 11: total de gastos generales)' },
  { grupo: 'gestion', title: 'Gestión', totalLabel: 'Total Gestión' },
  { grupo: 'almacen', title: 'Almacén', totalLabel: 'Total Almacén' },
  { grupo: 'tecnico', title: 'Técnicos', totalLabel: 'Total Técnicos' },
] as const;

const gastosKey = (id: number) => ['obras', 'gastosGenerales', id] as const;

/** The form's baseline: the server's lines, their typed values and the version they were read at. */
type Loaded = { lines: GastoLinea[]; values: GastosValues; version: number };

function loadedOf(reply: GastosReply): Loaded {
  const lines = allLines(reply);
  return { lines, values: valuesOf(lines), version: reply.version };
}

/** /obras/{id}/editar (seed 001 §2): a site's general expenses. The four sections are editable
 * tables whose computed lines (11, 12) and totals follow the typed values live, by the server's
 * own rules; a sticky footer holds the totals and 'Guardar' (edit right only; disabled while
 * saving; 'Guardado correctamente'). The save sends the version the form was loaded at: another
 * user's save in between is a 409 offered as 'Recargar'. Leaving with unsaved changes asks first.
 * Seed 001 §8: when the reply has no concepts the page reloads them once, then shows 'Sin items...'. */
export function GastosGeneralesPage({ id }: { id: number }) {
  const rights = moduleRights(useMe().data, '/obras');
  const canEdit = rights.edit;
  const { confirm } = useConfirm();
  const { show } = useToast();
  const queryClient = useQueryClient();
  const gastos = useQuery({
    queryKey: gastosKey(id),
    queryFn: () => fetchOk<GastosReply>('POST', '/obras/gastosGenerales', undefined, { id }) as Promise<GastosReply>,
    enabled: Number.isInteger(id) && id > 0,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [values, setValues] = useState<GastosValues>({});
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<{ message: string; conflict: boolean } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const scope = useRef<HTMLElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const reloadedOnce = useRef(false);

  const dirty = loaded !== null && isDirty(loaded.lines, values);

  function apply(reply: GastosReply) {
    const next = loadedOf(reply);
    setLoaded(next);
    setValues(next.values);
    setErrors({});
    setChangedElsewhere(false);
  }

  // The first reply fills the form; a newer version (another user's save, seen through the live
  // push) replaces it at once when nothing is typed, else it is offered as 'Recargar'.
  useEffect(() => {
    const reply = gastos.data;
    if (!reply) return;
    if (allLines(reply).length === 0 && !reloadedOnce.current) {
      reloadedOnce.current = true;
      // The same empty reply keeps the same data object, so the outcome is applied here.
      void gastos.refetch().then((again) => {
        if (again.data) apply(again.data);
      });
      return;
    }
    if (loaded === null) apply(reply);
    else if (reply.version > loaded.version) {
      if (dirty) setChangedElsewhere(true);
      else apply(reply);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [gastos.data]);

  useLiveTopic([`obra_gastos:${id}`], () => {
    if (!saving) void gastos.refetch();
  });

  useLeavePrompt(dirty);
  // A save changes the site's figures in the /obras list.
  const { write } = useWrite(obras.invalidates);

  const live = useMemo(() => (loaded ? liveLines(loaded.lines, values) : null), [loaded, values]);

  function change(lineId: number, patch: Partial<LineaTexto>) {
    setValues((v) => ({ ...v, [lineId]: { ...v[lineId], ...patch } }));
    setErrors((e) => {
      const rest = { ...e };
      for (const field of Object.keys(patch)) delete rest[`${lineId}.${field}`];
      return rest;
    });
  }

  async function save() {
    if (!loaded || saving || !canEdit) return;
    setSaving(true);
    setProblem(null);
    const obra_conceptos = payloadOf(loaded.lines, values);
    const r = await write({ path: '/obras_gastos_generales/create', body: { id, version: loaded.version, obra_conceptos } });
    setSaving(false);
    if (!r.envelope.ok) {
      setErrors(lineErrors(fieldErrors(r.envelope.errors), obra_conceptos));
      setProblem({ message: r.envelope.msg || 'Se produjo un error', conflict: r.status === 409 });
      setAttempt((n) => n + 1);
      return;
    }
    const reply = r.envelope as unknown as GastosReply;
    queryClient.setQueryData(gastosKey(id), reply);
    apply(reply);
    show(r.envelope.msg || MSG_SAVED, 'success');
  }

  async function reload() {
    if (dirty && !(await confirm({ message: DISCARD_MESSAGE }))) return;
    setProblem(null);
    const fresh = await gastos.refetch();
    if (fresh.data) apply(fresh.data);
  }

  const obra = gastos.data?.obra;
  const totales = live?.totales;
  const sinLineas = loaded !== null && loaded.lines.length === 0;

  return (
    <section ref={scope} className="mx-auto max-w-6xl space-y-4 pb-4">
      <div className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:p-4">
        <BackLink to="/obras" label="Volver a obras" />
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-semibold text-slate-900">Gastos generales{obra ? ` · ${obra.nombre}` : ''}</h1>
          <p className="truncate text-sm text-slate-500" aria-live="polite">
            {obra ? `${obra.codigo} · ${obra.empresa}${obra.ciudad ? ` · ${obra.ciudad}` : ''}` : 'Cargando...'}
            {dirty ? <span className="ms-2 font-medium text-amber-700">Hay cambios sin guardar.</span> : !canEdit && obra ? <span className="ms-2">Solo lectura.</span> : null}
          </p>
        </div>
      </div>

      {changedElsewhere ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-teal-200 bg-teal-50 px-4 py-2 text-sm text-teal-900">
          Otro usuario guardó cambios en estos gastos generales.
          <button type="button" onClick={() => void reload()} className="rounded-sm font-semibold underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
            Recargar
          </button>
        </div>
      ) : null}

      <FormErrorBanner
        message={problem?.message ?? ''}
        scope={scope}
        attempt={attempt}
        action={
          problem?.conflict ? (
            <button type="button" onClick={() => void reload()} className="shrink-0 rounded px-1 font-semibold underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
              Recargar
            </button>
          ) : null
        }
        onDismiss={() => setProblem(null)}
      />

      {(gastos.isError && !loaded) || !loaded || !live ? (
        <LoadState framed error={loaded ? null : gastos.error} onRetry={() => void gastos.refetch()} />
      ) : sinLineas ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-16 text-center text-sm text-slate-500 shadow-sm">Sin items...</p>
      ) : (
        SECTIONS.map((s) => (
          <GastosSection
            key={s.grupo}
            title={s.title}
            totalLabel={s.totalLabel}
            lines={live.lines.filter((l) => l.grupo === s.grupo)}
            values={values}
            onChange={change}
            total={live.totales.grupos[s.grupo]}
            canEdit={canEdit}
            saving={saving}
            errors={errors}
          />
        ))
      )}

      <div className="sticky bottom-0 z-10 -mx-1 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.25)] backdrop-blur" role="region" aria-label="Totales">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
          <dl className="grid flex-1 grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-5">
            {(
              [
                ['Gestión', formatMoney(totales?.grupos.gestion ?? 0)],
                ['Almacén', formatMoney(totales?.grupos.almacen ?? 0)],
                ['Técnicos', formatMoney(totales?.grupos.tecnico ?? 0)],
                ['Personal', formatNumber(totales?.personal ?? 0, 0)],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="min-w-0">
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="truncate font-medium text-slate-800 tabular-nums" data-testid={`footer-${label.toLowerCase()}`}>
                  {value}
                </dd>
              </div>
            ))}
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="text-xs text-slate-500">Total gastos generales</dt>
              <dd className="truncate text-base font-bold text-teal-800 tabular-nums" data-testid="footer-total">
                {formatMoney(totales?.total ?? 0)}
              </dd>
            </div>
          </dl>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Link to="/obras" className={SECONDARY_BUTTON}>
              Volver
            </Link>
            {canEdit ? (
              <button type="button" onClick={() => void save()} disabled={saving || !loaded || sinLineas} className={PRIMARY_BUTTON}>
                {saving ? <Spinner className="size-4" /> : null}
                Guardar
              </button>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  );
}
