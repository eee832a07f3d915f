import { displayValue, type HistoryChange } from './historyEvents';

/** Longest value shown before it folds behind 'Ver todo' (the legal text can be long). */
const FOLD_AT = 240;

function Value({ value, kind }: { value: unknown; kind: 'from' | 'to' }) {
  const text = displayValue(value);
  const empty = text === '—';
  const tone = empty ? 'text-slate-500' : kind === 'from' ? 'bg-rose-50 text-rose-800 ring-rose-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200';
  const box = `min-w-0 rounded px-1.5 py-0.5 break-words whitespace-pre-wrap ${empty ? '' : 'ring-1 ring-inset'} ${tone}`;
  const Tag = kind === 'from' ? 'del' : 'ins';
  const content =
    text.length > FOLD_AT ? (
      <details className="inline">
        <summary className="cursor-pointer rounded focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none">
          {text.slice(0, FOLD_AT)}… <span className="font-medium underline">Ver todo</span>
        </summary>
        {text}
      </details>
    ) : (
      text
    );
  return (
    <Tag dir="auto" className={`${box} no-underline`}>
      <span className="sr-only">{kind === 'from' ? 'Antes: ' : 'Después: '}</span>
      {content}
    </Tag>
  );
}

/** The fields an event changed, each as field, before → after. Empty values show '—'; long ones
 * fold. `empty` is the text shown when there is nothing. */
export function ChangeList({ changes, empty = 'Sin cambios de campos.' }: { changes: HistoryChange[]; empty?: string }) {
  if (changes.length === 0) return <p className="text-sm text-slate-500">{empty}</p>;
  return (
    <ul className="space-y-2 text-sm" aria-label="Campos modificados">
      {changes.map((c, i) => (
        <li key={`${c.field}-${i}`} className="grid gap-1 sm:grid-cols-[minmax(7rem,auto)_1fr] sm:gap-3">
          <span className="font-medium break-words text-slate-700">{c.field}</span>
          <span className="flex min-w-0 flex-wrap items-center gap-1.5">
            <Value value={c.from} kind="from" />
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden="true" className="size-4 shrink-0 text-slate-400 rtl:-scale-x-100">
              <path d="M4 10h12m0 0-4-4m4 4-4 4" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
            <Value value={c.to} kind="to" />
          </span>
        </li>
      ))}
    </ul>
  );
}
