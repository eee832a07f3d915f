import { BackLink } from '../../ui/BackLink';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { TIPOS_TURNO } from '@shared/hour-meter-window';
import type { ShiftGridReply, ShiftSaveReply } from '@shared/contracts/hour-meters';
import { fetchOk } from '../../api/client';
import { moduleRights, useMe } from '../../session/useMe';
import { useLiveTopic } from '../../shell/live/useLiveTopic';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../ui/dialogs/buttonClasses';
import { LoadState } from '../../ui/dialogs/LoadState';
import { Spinner } from '../../ui/dialogs/Spinner';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { DateField } from '../../ui/DateField';
import { FormErrorBanner } from '../../ui/form/FormErrorBanner';
import { DISCARD_MESSAGE, useLeavePrompt } from '../../ui/resource/useLeavePrompt';
import { useWrite } from '../../ui/resource/useWrite';
import { Select } from '../../ui/select/Select';
import { SelectAjax } from '../../ui/select/SelectAjax';
import { useToast } from '../../ui/toast/useToast';
import { horometros } from './hour-meters.resource';
import {
  applyResults,
  editCell,
  GRID_FIELDS,
  gridRows,
  isDirty,
  moveCell,
  pendingIds,
  shiftPayload,
  workedHours,
  type GridField,
  type GridState,
  type Move,
} from './shiftGrid';

export type ShiftSearch = { id_obra?: number; fecha?: string; id_tipo_turno?: number };

const two = (n: number) => String(n).padStart(2, '0');
const TURNOS = TIPOS_TURNO.map((t) => ({ value: t.id, label: `${t.nombre} (${two(t.inicio)}:00 a ${two((t.inicio + t.horas) % 24)}:00)` }));

const COLUMNS: Record<GridField, { label: string; short: string; mode: 'numeric' | 'decimal'; max: number }> = {
  h_inicio: { label: 'Horómetro inicial', short: 'H. inicio', mode: 'numeric', max: 8 },
  h_fin: { label: 'Horómetro final', short: 'H. fin', mode: 'numeric', max: 8 },
  falla_operacional: { label: 'Falla operacional (h)', short: 'F. operac.', mode: 'decimal', max: 4 },
  falla_neta: { label: 'Falla neta (h)', short: 'F. neta', mode: 'decimal', max: 4 },
  falla_tajo: { label: 'Falla de tajo (h)', short: 'F. tajo', mode: 'decimal', max: 4 },
};

const KEY_MOVES: Record<string, Move> = { Enter: 'down', ArrowDown: 'down', ArrowUp: 'up' };

/**
 * /horometros/turno (docs/modules/hour-meters.md "Shift readings in bulk"): a site's supervisor
 * enters one shift's readings for every active machine of the site in one grid. Rules:
 * - site, date and shift live in the URL; changing them with unsaved input asks first, and so does
 *   leaving the page;
 * - each row starts from the proposed start (the previous log's end, or the machine's reading);
 *   a machine already registered in the shift shows its log, read-only;
 * - 'Guardar' sends the typed rows to POST /horometros/registrarTurno, one command per machine:
 *   saved rows turn read-only and are marked 'Guardado', refused rows keep their input with the
 *   single dialog's messages under each cell and the row's message beside the machine; a meter
 *   that does not continue is saved after ticking 'Guardar de todas formas' on its row;
 * - keyboard: Tab goes along the row, Enter and ↓/↑ down and up the column (skipping saved rows),
 *   ←/→ along the row at the text's edge, Ctrl+Enter saves;
 * - at 390 px the grid scrolls sideways inside its frame with the machine column fixed.
 */
export function ShiftGridPage({ search, onSearch }: { search: ShiftSearch; onSearch(next: ShiftSearch): void }) {
  const me = useMe().data;
  const canRegister = moduleRights(me, '/horometros').edit && Boolean(me?.horometros);
  const { confirm } = useConfirm();
  const { show } = useToast();
  const scope = useRef<HTMLElement>(null);
  const cells = useRef(new Map<string, HTMLInputElement>());
  const [state, setState] = useState<GridState>({});
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string>('');
  const [attempt, setAttempt] = useState(0);
  const idObra = search.id_obra;

  const grid = useQuery({
    queryKey: ['resource', '/horometros', 'turno', search],
    queryFn: () => fetchOk<ShiftGridReply>('GET', '/horometros/turno', { ...search }) as Promise<ShiftGridReply>,
    enabled: idObra !== undefined,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const reply = grid.data;
  const machines = reply?.items ?? [];

  // A new reply (first load, another user's log, a save) merges into the grid: typed rows stay.
  useEffect(() => {
    if (reply) setState((s) => gridRows(reply.items, s));
  }, [reply]);

  useLiveTopic(['horometro'], () => {
    if (!saving) void grid.refetch();
  });

  const dirty = isDirty(state);
  useLeavePrompt(dirty);
  const { write } = useWrite(horometros.invalidates);

  async function choose(next: ShiftSearch) {
    if (dirty && !(await confirm({ message: DISCARD_MESSAGE }))) return;
    setState({});
    setProblem('');
    onSearch(next);
  }

  async function save() {
    if (!reply || saving || !canRegister) return;
    const body = shiftPayload(state, machines.map((m) => m.id_equipo), { fecha: reply.fecha, id_tipo_turno: reply.id_tipo_turno });
    if (body.rows.length === 0) {
      show('No hay lecturas nuevas para guardar', 'info');
      return;
    }
    setSaving(true);
    setProblem('');
    const r = await write({ path: '/horometros/registrarTurno', body });
    setSaving(false);
    if (!r.envelope.ok) {
      setProblem(r.envelope.msg || 'Se produjo un error');
      setAttempt((n) => n + 1);
      return;
    }
    const result = r.envelope as unknown as ShiftSaveReply & { msg: string };
    setState((s) => applyResults(s, result.results));
    if (result.fallidos > 0) {
      setProblem(result.msg);
      setAttempt((n) => n + 1);
    } else show(result.msg, 'success');
    void grid.refetch();
  }

  const editable = machines.map((m) => state[m.id_equipo]?.savedId === null && canRegister);

  function focusCell(row: number, col: number) {
    const input = cells.current.get(`${row}:${col}`);
    input?.focus();
    input?.select();
  }

  function onKey(e: KeyboardEvent<HTMLInputElement>, row: number, col: number) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save();
      return;
    }
    const input = e.currentTarget;
    let move: Move | undefined = KEY_MOVES[e.key];
    if (e.key === 'Enter' && e.shiftKey) move = 'up';
    // The horizontal arrows leave the cell only at the text's edge (they still move the caret).
    if (e.key === 'ArrowLeft' && input.selectionStart === 0 && input.selectionEnd === 0) move = 'left';
    if (e.key === 'ArrowRight' && input.selectionStart === input.value.length) move = 'right';
    if (!move) return;
    const target = moveCell({ row, col }, move, editable.map((x) => ({ editable: x })));
    e.preventDefault();
    if (target) focusCell(target.row, target.col);
  }

  const pending = pendingIds(state).length;
  const savedCount = machines.filter((m) => state[m.id_equipo]?.savedId).length;
  const windowNote =
    reply && reply.en_plazo === false
      ? reply.plazo_msg
      : reply && !reply.exento_plazo && reply.registro_horometro
        ? `Los horómetros se registran hasta ${reply.registro_horometro} h después del fin del turno.`
        : null;

  return (
    <section ref={scope} className="mx-auto max-w-6xl space-y-4 pb-4" aria-labelledby="turno-title">
      <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
        <BackLink to="/horometros" label="Volver a horómetros" />
        <div className="min-w-0 flex-1">
          <h1 id="turno-title" className="truncate text-lg font-semibold text-slate-900">
            Registro por turno{reply ? ` · ${reply.obra}` : ''}
          </h1>
          <p className="truncate text-sm text-slate-600" aria-live="polite">
            {reply ? `${machines.length} equipos · ${savedCount} registrados` : 'Lecturas de un turno para todos los equipos de una obra'}
            {dirty ? <span className="ms-2 font-medium text-amber-800">{pending} sin guardar.</span> : null}
          </p>
        </div>
      </div>

      <div className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-3 sm:p-4">
        <SelectAjax<number>
          label="Obra"
          required
          endpoint="/fil_datas/obras"
          minLength={0}
          value={idObra ?? null}
          onChange={(value) => void choose({ ...search, id_obra: value ?? undefined })}
          placeholder="Buscar obra"
        />
        <DateField label="Fecha" required value={reply?.fecha ?? search.fecha ?? ''} onChange={(value) => value && void choose({ ...search, fecha: value })} />
        <Select<number> label="Turno" items={TURNOS} value={reply?.id_tipo_turno ?? search.id_tipo_turno ?? 1} onChange={(value) => value && void choose({ ...search, id_tipo_turno: value })} />
      </div>

      {windowNote ? (
        <p role="note" className={`rounded-md px-3 py-2 text-sm ${reply?.en_plazo === false ? 'border border-amber-200 bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-600'}`}>
          {windowNote}
        </p>
      ) : null}

      <FormErrorBanner
        message={problem}
        scope={scope}
        attempt={attempt}
        onDismiss={() => setProblem('')}
      />

      {idObra === undefined ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-16 text-center text-sm text-slate-600 shadow-sm">Elija una obra para registrar las lecturas del turno.</p>
      ) : !reply ? (
        <LoadState framed error={grid.error} onRetry={() => void grid.refetch()} />
      ) : machines.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-16 text-center text-sm text-slate-600 shadow-sm">La obra no tiene equipos activos.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="min-w-full border-separate border-spacing-0 text-sm" aria-label="Lecturas del turno">
            <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
              <tr>
                <th scope="col" className="sticky start-0 z-10 w-32 border-b border-slate-200 bg-slate-50 px-3 py-2 sm:w-56">
                  Equipo
                </th>
                {GRID_FIELDS.map((f) => (
                  <th key={f} scope="col" className="border-b border-slate-200 px-2 py-2 whitespace-nowrap" title={COLUMNS[f].label}>
                    {COLUMNS[f].short}
                  </th>
                ))}
                <th scope="col" className="border-b border-slate-200 px-3 py-2 text-end">
                  Horas
                </th>
              </tr>
            </thead>
            <tbody>
              {machines.map((m, row) => {
                const s = state[m.id_equipo];
                if (!s) return null;
                const saved = s.savedId !== null;
                const hours = workedHours(s.values);
                const failed = Boolean(s.msg);
                return (
                  <tr key={m.id_equipo} data-testid={`turno-row-${m.codigo}`} data-state={saved ? 'saved' : failed ? 'error' : 'open'} className={saved ? 'bg-emerald-50/60' : failed ? 'bg-red-50/60' : ''}>
                    <th scope="row" className={`sticky start-0 z-10 w-32 border-b border-slate-100 px-3 py-2 text-start align-top font-normal sm:w-56 ${saved ? 'bg-emerald-50' : failed ? 'bg-red-50' : 'bg-white'}`}>
                      <span className="block font-medium text-slate-900">{m.codigo}</span>
                      <span className="block truncate text-xs text-slate-600" title={m.descripcion}>
                        {m.descripcion}
                      </span>
                      {saved ? (
                        <span className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-emerald-800" role="status">
                          <svg viewBox="0 0 20 20" fill="currentColor" className="size-3.5" aria-hidden="true">
                            <path fillRule="evenodd" d="M16.7 5.3a1 1 0 0 1 0 1.4l-8 8a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L8 12.58l7.3-7.3a1 1 0 0 1 1.4 0Z" clipRule="evenodd" />
                          </svg>
                          Guardado
                        </span>
                      ) : s.msg ? (
                        <span className="mt-1 block text-xs text-red-800" role="alert">
                          {s.msg}
                        </span>
                      ) : null}
                      {!saved && s.needsConfirm ? (
                        <label className="mt-1 flex items-center gap-1.5 text-xs text-slate-800">
                          <input
                            type="checkbox"
                            checked={s.confirm}
                            onChange={(e) => setState((st) => ({ ...st, [m.id_equipo]: { ...s, confirm: e.target.checked } }))}
                            className="size-4 rounded border-slate-400 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
                          />
                          Guardar de todas formas
                        </label>
                      ) : null}
                    </th>
                    {GRID_FIELDS.map((f, col) => {
                      const error = s.errors[f];
                      const errorId = `turno-${m.id_equipo}-${f}-error`;
                      return (
                        <td key={f} className="border-b border-slate-100 px-1.5 py-2 align-top">
                          <input
                            ref={(el) => {
                              if (el) cells.current.set(`${row}:${col}`, el);
                              else cells.current.delete(`${row}:${col}`);
                            }}
                            aria-label={`${COLUMNS[f].label} de ${m.codigo}`}
                            inputMode={COLUMNS[f].mode}
                            maxLength={COLUMNS[f].max}
                            placeholder={f.startsWith('falla') ? '0' : undefined}
                            value={s.values[f]}
                            disabled={saved || !canRegister}
                            onChange={(e) => {
                              const value = e.target.value;
                              setState((st) => editCell(st, m.id_equipo, f, value));
                            }}
                            onKeyDown={(e) => onKey(e, row, col)}
                            onFocus={(e) => e.currentTarget.select()}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? errorId : undefined}
                            className={`block h-10 w-20 rounded-md border-0 bg-white px-2 text-end text-sm text-slate-900 tabular-nums shadow-sm ring-1 ring-inset placeholder:text-slate-500 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-transparent disabled:text-slate-700 disabled:shadow-none sm:w-24 ${
                              error ? 'ring-red-500 focus:ring-red-600' : 'ring-slate-300 focus:ring-teal-600'
                            } ${saved ? 'ring-transparent' : ''}`}
                          />
                          {error ? (
                            <p id={errorId} className="mt-1 w-20 text-xs text-red-800 sm:w-24">
                              {error}
                            </p>
                          ) : null}
                        </td>
                      );
                    })}
                    <td className={`border-b border-slate-100 px-3 py-2 text-end align-top tabular-nums ${hours !== null && hours >= 0 ? 'text-slate-900' : 'text-slate-500'}`}>
                      <span className="inline-block pt-2.5">{hours !== null ? hours : '—'}</span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}

      {reply && machines.length > 0 ? (
        <div className="sticky bottom-0 z-20 flex flex-col-reverse gap-2 rounded-lg border border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_-6px_rgba(15,23,42,0.25)] backdrop-blur sm:flex-row sm:items-center sm:justify-end">
          <p className="hidden text-xs text-slate-600 sm:me-auto sm:block">Enter baja a la fila siguiente · Ctrl+Enter guarda · las observaciones se agregan desde Editar en la lista.</p>
          <Link to="/horometros" className={SECONDARY_BUTTON}>
            Volver
          </Link>
          {canRegister ? (
            <button type="button" onClick={() => void save()} disabled={saving || reply.en_plazo === false} className={PRIMARY_BUTTON}>
              {saving ? <Spinner className="size-4" /> : null}
              Guardar {pending > 0 ? `(${pending})` : ''}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
