import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useMediaQuery } from '../../../shell/useMediaQuery';
import { formatDateTime } from '@shared/time';
import type { DataTableColumn } from '../../../ui/list/DataTable';
import type { Resource } from '../../../ui/resource/defineResource';
import type { ListSearch } from '../../../ui/list/listSearch';
import { Select } from '../../../ui/select/Select';
import type { SelectOption } from '../../../ui/select/selectOption';
import { ListPage } from '../../../ui/resource/ListPage';
import { useResourceList } from '../../../ui/resource/useResourceList';
import { fetchOptions } from '../../../ui/select/fetchOptions';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import { ChangeList } from '../../../ui/history/ChangeList';
import { normalizeChanges } from '../../../ui/history/historyEvents';
import { IdFilterField } from './IdFilterField';
import { LogLink } from './LogLink';
import { logs, type LogListRow } from '../logs.resource';
import { logRecord, logSentence } from '../internal/logSentence';
import { RecordHistoryButton } from '../../../ui/history/RecordHistoryButton';
import { RecordHistoryPanel } from '../../../ui/history/RecordHistoryPanel';

type Row = LogListRow;

/** The badge colour of a log type (`tl_color` when the server sends it). */
const TONE: Record<string, string> = {
  success: 'bg-emerald-500',
  info: 'bg-sky-500',
  warning: 'bg-amber-500',
  danger: 'bg-rose-500',
  primary: 'bg-teal-600',
  secondary: 'bg-slate-400',
};

function Sentence({ row }: { row: Row }) {
  const parts = logSentence(row);
  if (parts.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <p dir="auto" className="leading-relaxed whitespace-normal text-slate-700 sm:min-w-64">
      <span aria-hidden="true" className={`me-2 inline-block size-2 translate-y-[-1px] rounded-full ${TONE[String(row.tl_color)] ?? 'bg-slate-300'}`} />
      {parts.map((part, i) => {
        const strong = part.role === 'user' || part.role === 'item';
        const text = part.href ? <LogLink href={part.href}>{part.text}</LogLink> : strong ? <span className="font-medium text-slate-900">{part.text}</span> : part.text;
        return (
          <span key={part.role}>
            {i > 0 ? ' ' : null}
            {text}
          </span>
        );
      })}
    </p>
  );
}

function When({ row, inline = false }: { row: Row; inline?: boolean }) {
  const date = formatDateTime(row.date_created);
  if (inline) {
    // Narrow screens: one line under the sentence, 'hace 2 horas · 21/11/2026 10:15 PM'.
    return (
      <p className="mt-0.5 text-xs whitespace-normal text-slate-500">
        {row.ago ? <span>{row.ago}</span> : null}
        {row.ago && date ? <span aria-hidden="true"> · </span> : null}
        {date ? (
          <time dateTime={String(row.date_created)} dir="ltr" className="whitespace-nowrap">
            {date}
          </time>
        ) : null}
      </p>
    );
  }
  return (
    <div className="min-w-32">
      {date ? (
        <time dateTime={String(row.date_created)} dir="ltr" className="block whitespace-nowrap text-slate-700">
          {date}
        </time>
      ) : null}
      {row.ago ? <span className="block text-xs text-slate-500">{row.ago}</span> : null}
    </div>
  );
}

function Detail({ row }: { row: Row }) {
  const changes = normalizeChanges(row.changes);
  if (changes.length === 0 && typeof row.changes === 'string' && row.changes.trim() !== '') {
    return <p className="text-sm break-words whitespace-pre-wrap text-slate-700">{row.changes}</p>;
  }
  return (
    <div className="max-w-3xl">
      <p className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">Cambios</p>
      <ChangeList changes={changes} empty="Este registro no tiene cambios de campos." />
    </div>
  );
}

type HistoryTarget = { streamType: string; id: number | string; label: string };

/** What a log screen's URL holds besides the list protocol: target, target id and (the /logs
 * screen only) the event type. */
type LogSearch = ListSearch & { target?: string; id_target?: number; type_log?: string };

type Props<S extends LogSearch> = {
  search: S;
  /** The log list: /logs (default) or a module's own log with the same rows (/solicitud_compra_logs). */
  resource?: Resource<Row, S>;
  title?: string;
  /** The 'Objetivo' choices of a module's log (its record types); default: every target of
   * GET /logs/targets, with the 'Tipo de evento' filter of GET /logs/type_logs (both need /logs). */
  targets?: SelectOption<string>[];
  /** The record types whose history may be opened from this log (GET /history refuses the others);
   * default: any. */
  withHistory?: string[];
};

/** /logs (seed 000): the activity log, 15 per page by default, filtered by event type, target
 * (record type) and target id, besides the free search and the date range. Each row reads as a
 * sentence with links to the user and the record, the date and how long ago; the chevron shows
 * the fields changed, and the row menu opens the record's history or filters by the record. A
 * module's own log (/solicitud_compra_logs) is the same screen on its resource, with its fixed
 * record types instead of the /logs lookups. */
export function LogsPage<S extends LogSearch>({ search: urlSearch, resource = logs as unknown as Resource<Row, S>, title = 'Registros de actividad', targets: fixedTargets, withHistory }: Props<S>) {
  const hasHistory = (streamType: string) => !withHistory || withHistory.includes(streamType);
  const list = useResourceList(resource, urlSearch);
  const { search } = list;
  const setSearch = list.setSearch as (patch: Partial<LogSearch>, options?: { replace?: boolean }) => void;
  const [history, setHistory] = useState<HistoryTarget | null>(null);
  const [historyOpen, setHistoryOpen] = useState(false);

  const target = search.target ?? null;
  const idTarget = search.id_target;
  // The same list (and cache entry) as the 'Objetivo' select: names the filtered record.
  const targets = useQuery({
    queryKey: ['select-local', '/logs/targets', {}],
    queryFn: () => fetchOptions<string>('/logs/targets', { limit: 500 }),
    staleTime: 60_000,
    retry: false,
    enabled: !fixedTargets && target !== null && idTarget !== undefined,
  });
  const targetLabel = (fixedTargets ?? targets.data)?.find((o) => String(o.value) === target)?.label ?? target;

  function openHistory(row: Row) {
    const record = logRecord(row);
    if (!record) return;
    const label = [row.target_name, row.target_item_name].filter((t) => typeof t === 'string' && t.trim() !== '').join(' ');
    setHistory({ ...record, label: label || `${record.streamType} #${record.id}` });
    setHistoryOpen(true);
  }

  // Under 640 px the date goes under the sentence, so the row reads without sideways scrolling.
  const wide = useMediaQuery('(min-width: 640px)');
  const columns: DataTableColumn<Row>[] = wide
    ? [
        { key: 'sentence', label: 'Actividad', render: (row) => <Sentence row={row} /> },
        { key: 'date_created', label: 'Fecha', sortable: true, width: '11rem', render: (row) => <When row={row} /> },
      ]
    : [
        {
          key: 'sentence',
          label: 'Actividad',
          render: (row) => (
            <div className="py-1">
              <Sentence row={row} />
              <When row={row} inline />
            </div>
          ),
        },
      ];

  return (
    <ListPage
      list={list}
      title={title}
      searchPlaceholder="Buscar usuario, registro o acción"
      showDates
      actions={target && idTarget && hasHistory(target) ? <RecordHistoryButton streamType={target} id={idTarget} label={`${targetLabel} #${idTarget}`}>Historial del registro</RecordHistoryButton> : null}
      filters={
        <>
          {fixedTargets ? (
            <div className="w-full sm:w-52">
              <Select<string> label="Objetivo" items={fixedTargets} placeholder="Todos" clearable value={target} onChange={(value) => setSearch({ target: value ?? undefined })} />
            </div>
          ) : (
            <>
              <div className="w-full sm:w-52">
                <SelectLocal<string> label="Tipo de evento" endpoint="/logs/type_logs" placeholder="Todos" value={search.type_log ?? null} onChange={(value) => setSearch({ type_log: value ?? undefined })} />
              </div>
              <div className="w-full sm:w-52">
                <SelectLocal<string> label="Objetivo" endpoint="/logs/targets" placeholder="Todos" value={target} onChange={(value) => setSearch({ target: value ?? undefined })} />
              </div>
            </>
          )}
          <IdFilterField className="w-full sm:w-36" label="ID del objetivo" value={idTarget} onApply={(value, replace) => setSearch({ id_target: value }, { replace })} />
        </>
      }
      columns={columns}
      expand={(row) => <Detail row={row} />}
      rowMenu={(row) => {
        const record = logRecord(row);
        const filtered = record !== null && String(record.streamType) === target && String(record.id) === String(idTarget ?? '');
        return [
          { label: 'Ver historial del registro', onClick: () => openHistory(row), hidden: record === null || !hasHistory(String(record.streamType)) },
          {
            label: 'Filtrar por este registro',
            onClick: () => record && setSearch({ target: record.streamType, id_target: Number(record.id) || undefined }),
            hidden: record === null || filtered || !Number(record.id),
          },
        ];
      }}
    >
      {history ? <RecordHistoryPanel open={historyOpen} onClose={() => setHistoryOpen(false)} streamType={history.streamType} id={history.id} label={history.label} /> : null}
    </ListPage>
  );
}
