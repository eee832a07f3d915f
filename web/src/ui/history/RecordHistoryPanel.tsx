import { Drawer } from '../dialogs/Drawer';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchOk } from '../../api/client';
import { Icon } from '../../shell/icons';
import { DateField } from '../DateField';
import { AsOfView } from './AsOfView';
import { endOfMinute, wallClockOfInstant } from './asOfInstant';
import { ChangeList } from './ChangeList';
import { HistoryDownloadMenu } from './HistoryDownloadMenu';
import { normalizeHistory, type HistoryEvent } from './historyEvents';
import { formatDateTime } from '@shared/time';

export type RecordHistoryPanelProps = {
  open: boolean;
  onClose(): void;
  /** The record's stream type, as the server names it ('marca', 'user', 'setting'…). */
  streamType: string;
  id: number | string;
  /** What the record is, for the panel's subtitle ('Marca Volvo'); default `{streamType} #{id}`. */
  label?: string;
  /** Open on the record as it was ('Ver como estaba el…'), at the version before its last change. */
  timeTravel?: boolean;
};

/** One step of the time slider: a moment the record changed at (one per command, from GET
 * /history) and the version it reached. */
type Point = { at: string; version: number };

function pointsOf(reply: unknown): Point[] {
  const moments = (reply as { moments?: unknown }).moments;
  if (!Array.isArray(moments)) return [];
  return moments.filter((m): m is Point => typeof m?.at === 'string' && typeof m?.version === 'number');
}

/** The slider over the record's versions and the date-time field: either one moves the instant
 * shown. The field names a minute; the record then holds what happened up to its end. */
function TimeTravel({ points, at, onAt }: { points: Point[]; at: string; onAt(at: string): void }) {
  const t = Date.parse(at);
  let index = 0;
  points.forEach((p, i) => {
    if (Date.parse(p.at) <= t) index = i;
  });
  const point = points[index];
  const text = (p: Point) => `Versión ${p.version}, ${formatDateTime(p.at)}`;
  return (
    <div className="space-y-3 rounded-md border border-slate-200 p-3">
      <div>
        <label htmlFor="history-slider" className="block text-sm font-medium text-slate-800">
          Versión del registro
        </label>
        <input
          id="history-slider"
          type="range"
          min={0}
          max={Math.max(0, points.length - 1)}
          step={1}
          value={index}
          disabled={points.length < 2}
          aria-valuetext={point ? text(point) : undefined}
          onChange={(e) => {
            const p = points[Number(e.target.value)];
            if (p) onAt(p.at);
          }}
          className="mt-2 w-full rounded accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600"
        />
        <div className="mt-1 flex justify-between text-xs text-slate-500 tabular-nums" aria-hidden="true">
          <span>v{points[0]?.version ?? '—'}</span>
          <span className="font-medium text-slate-700">{point ? `v${point.version} · ${formatDateTime(point.at)}` : ''}</span>
          <span>v{points[points.length - 1]?.version ?? '—'}</span>
        </div>
      </div>
      <DateField
        label="Fecha y hora"
        withTime
        name="history-at"
        value={wallClockOfInstant(at)}
        onChange={(wall) => {
          const instant = endOfMinute(wall);
          if (instant) onAt(instant.toISOString());
        }}
        hint="El registro tal como estaba al final de ese minuto."
      />
    </div>
  );
}

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

export const historyKey = (streamType: string, id: number | string) => ['history', streamType, String(id)] as const;

function valid(streamType: string, id: number | string) {
  return streamType.trim() !== '' && String(id).trim() !== '' && String(id) !== '0';
}

/** A session id is long (a uuid): its first 8 characters are enough to tell sessions apart. */
function shortSession(session: string) {
  return session.length > 12 ? `${session.slice(0, 8)}…` : session;
}

function EventItem({ event }: { event: HistoryEvent }) {
  const title = event.action || event.type || 'Evento';
  const when = formatDateTime(event.when) || event.when;
  return (
    <li className="relative ps-6">
      <span aria-hidden="true" className="absolute start-0 top-1.5 size-3 rounded-full border-2 border-white bg-teal-600 ring-1 ring-teal-600" />
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        {event.version !== null ? (
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums" title="Versión">
            v{event.version}
          </span>
        ) : null}
        {event.type && event.action && event.type !== event.action ? <span className="font-mono text-xs text-slate-500">{event.type}</span> : null}
      </div>
      <dl className="mt-1.5 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs text-slate-600">
        <dt className="text-slate-500">Quién</dt>
        <dd className="min-w-0 break-words text-slate-800">
          {event.who || 'Sistema'}
          {event.originalWho ? <span className="text-slate-500"> como {event.originalWho}</span> : null}
        </dd>
        <dt className="text-slate-500">Cuándo</dt>
        <dd className="text-slate-800">{when ? <time dateTime={event.when} dir="ltr">{when}</time> : '—'}</dd>
        {event.session ? (
          <>
            <dt className="text-slate-500">Sesión</dt>
            <dd dir="ltr" className="min-w-0 text-start font-mono break-all text-slate-800" title={event.session}>
              {shortSession(event.session)}
            </dd>
          </>
        ) : null}
      </dl>
      <div className="mt-2.5 rounded-md border border-slate-200 bg-slate-50/70 p-2.5">
        <ChangeList changes={event.changes} />
      </div>
    </li>
  );
}

/** The history of one record (`GET /history?stream_type=…&id=…`) in a side panel from the end
 * side: each event, newest first, with who (and 'como {original}' behind a 'login as'), when,
 * the session and the fields changed as before → after. Loaded each time it opens; while it
 * closes it keeps showing the record it had, so a parent may clear the record on close. */
export function RecordHistoryPanel({ open, onClose, streamType, id, label, timeTravel = false }: RecordHistoryPanelProps) {
  // The record shown: the last valid one received while open (kept through the closing transition).
  const [shown, setShown] = useState({ streamType, id, label });
  if (open && valid(streamType, id) && (shown.streamType !== streamType || String(shown.id) !== String(id) || shown.label !== label)) {
    setShown({ streamType, id, label });
  }
  // Time travel: the instant shown, or null for the list of events. Each opening starts anew:
  // on the list, or ('Ver como estaba el…') on the record before its last change.
  const [travel, setTravel] = useState<{ at: string | null; pending: boolean }>({ at: null, pending: false });
  const [wasOpen, setWasOpen] = useState(false);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setTravel({ at: null, pending: timeTravel });
  }
  const ready = valid(shown.streamType, shown.id);
  const history = useQuery({
    queryKey: historyKey(shown.streamType, shown.id),
    queryFn: async () => {
      const reply = await fetchOk('GET', '/history', { stream_type: shown.streamType, id: shown.id });
      return { events: normalizeHistory(reply), points: pointsOf(reply) };
    },
    enabled: open && ready,
    staleTime: 0,
    retry: false,
  });
  const subtitle = shown.label || `${shown.streamType} #${shown.id}`;
  const points = history.data?.points ?? [];
  if (travel.pending && history.data) {
    const start = points.length > 1 ? points[points.length - 2] : points[0];
    setTravel({ at: start?.at ?? null, pending: false });
  }
  const startTravel = () => {
    const start = points.length > 1 ? points[points.length - 2] : points[0];
    if (start) setTravel({ at: start.at, pending: false });
  };

  let body;
  if (history.isPending && history.fetchStatus !== 'idle') {
    body = (
      <p role="status" className="px-5 py-8 text-center text-sm text-slate-500">
        Cargando...
      </p>
    );
  } else if (history.isError) {
    body = (
      <div role="alert" className="flex flex-col items-center gap-3 px-5 py-8 text-center text-sm text-red-700">
        <p>{history.error.message}</p>
        <button type="button" onClick={() => void history.refetch()} className={`rounded-md px-3 py-1.5 font-semibold text-teal-700 ring-1 ring-slate-300 hover:bg-slate-50 ${FOCUS}`}>
          Reintentar
        </button>
      </div>
    );
  } else if (!history.data?.events.length) {
    body = (
      <div className="flex flex-col items-center gap-3 px-5 py-16 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
          <Icon name="history" className="size-7" />
        </span>
        <p className="text-sm text-slate-500">Sin eventos registrados.</p>
      </div>
    );
  } else {
    const toolbar = (
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-5 py-3">
        {travel.at === null ? (
          <button type="button" onClick={startTravel} className={`inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 ${FOCUS}`}>
            <Icon name="schedule" className="size-4 text-slate-500" />
            Ver como estaba
          </button>
        ) : (
          <button type="button" onClick={() => setTravel({ at: null, pending: false })} className={`inline-flex h-9 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 ${FOCUS}`}>
            <Icon name="history" className="size-4 text-slate-500" />
            Volver al historial
          </button>
        )}
        <HistoryDownloadMenu streamType={shown.streamType} id={shown.id} />
      </div>
    );
    body =
      travel.at !== null ? (
        <>
          {toolbar}
          <div className="space-y-4 px-5 py-5">
            <TimeTravel points={points} at={travel.at} onAt={(at) => setTravel({ at, pending: false })} />
            <AsOfView streamType={shown.streamType} id={shown.id} at={travel.at} />
          </div>
        </>
      ) : (
        <>
          {toolbar}
          <ol className="relative space-y-6 px-5 py-5 before:absolute before:start-[1.625rem] before:top-7 before:bottom-7 before:w-px before:bg-slate-200" aria-label="Eventos">
            {history.data.events.map((event) => (
              <EventItem key={event.key} event={event} />
            ))}
          </ol>
        </>
      );
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title="Historial"
      icon="history"
      subtitle={subtitle}
      closeLabel="Cerrar historial"
      width="lg"
      status={history.isFetching && !history.isPending ? <span className="text-xs text-slate-500">Actualizando…</span> : null}
    >
      {body}
    </Drawer>
  );
}
