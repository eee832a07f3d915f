import { Menu, MenuButton, MenuItem, MenuSeparator } from '@headlessui/react';
import { MenuPanel } from './MenuPanel';
import { MSG_FILE_DOWNLOADED, MSG_FILE_OPENED } from '@shared/messages';
import { useEffect, useState } from 'react';
import { download } from '../../api/client';
import { openInNewTab } from '../../api/openInNewTab';

export type ExportKind = 'xlsx' | 'pdf' | 'csv' | 'html';

export type ExportResult = { ok: boolean; msg: string };

const KINDS: { kind: ExportKind; label: string }[] = [
  { kind: 'xlsx', label: 'Excel (xlsx)' },
  { kind: 'pdf', label: 'PDF' },
  { kind: 'csv', label: 'CSV' },
  { kind: 'html', label: 'HTML' },
];

/** The formats a browser shows in a tab: offered opened in a new tab too (seed 000 §7). */
const IN_TAB: { kind: ExportKind; label: string }[] = [
  { kind: 'pdf', label: 'PDF en una pestaña nueva' },
  { kind: 'html', label: 'HTML en una pestaña nueva' },
];

/** How long the fallback status line stays when no onResult is given. */
const STATUS_MS = 5000;

/** The export takes the list filters and order but never the page or the page size: it covers every matching row. */
function exportQuery(search: Record<string, unknown>, kind: ExportKind) {
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(search)) {
    if (key === 'page' || key === 'limit') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') query[key] = value;
  }
  return { ...query, kind };
}

/** 'Exportar' menu: downloads `GET {path}/export?kind=…` with the current filters, in the formats `kinds` names
 * (default all four), and with `newTab` opens PDF and HTML in a new tab by the seed's form POST (`POST {path}/export` with the
 * filters, `kind` and the session token, target _blank: 'Archivo abierto en una nueva pestaña.'). One download at
 * a time; the result goes to `onResult` (a toast, usually), or to a short status line beside the button when
 * there is none. */
export function ExportMenu({
  path,
  search,
  onResult,
  kinds,
  newTab = false,
  label = 'Exportar',
  downloaded = MSG_FILE_DOWNLOADED,
}: {
  path: string;
  search: Record<string, unknown>;
  onResult?: (r: ExportResult) => void;
  kinds?: readonly ExportKind[];
  /** Offer PDF and HTML opened in a new tab: only where `POST {path}/export` takes the form's token
   * (the lists of define-list). */
  newTab?: boolean;
  /** The button's text. */
  label?: string;
  /** What a finished download says. */
  downloaded?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<ExportResult | null>(null);

  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), STATUS_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const run = async (kind: ExportKind) => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    const reply = await download(`${path}/export`, exportQuery(search, kind));
    setBusy(false);
    report(reply.ok ? { ok: true, msg: downloaded } : { ok: false, msg: reply.msg });
  };

  const open = (kind: ExportKind) => {
    const failed = openInNewTab(`${path}/export`, exportQuery(search, kind));
    report(failed ? { ok: false, msg: failed } : { ok: true, msg: MSG_FILE_OPENED });
  };

  const report = (result: ExportResult) => {
    if (onResult) onResult(result);
    else setStatus(result);
  };

  const inTab = newTab ? IN_TAB.filter((k) => !kinds || kinds.includes(k.kind)) : [];
  const item = 'block w-full px-3 py-2 text-start text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900';

  return (
    <div className="inline-flex items-center gap-2">
      <Menu>
        <MenuButton
          disabled={busy}
          aria-busy={busy}
          className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 disabled:cursor-wait disabled:opacity-70 data-open:bg-slate-50"
        >
          {busy ? (
            <svg viewBox="0 0 24 24" fill="none" className="size-4 animate-spin text-teal-700" aria-hidden="true">
              <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
              <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
            </svg>
          ) : (
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 text-slate-500" aria-hidden="true">
              <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 13.5V16h12v-2.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          )}
          {label}
        </MenuButton>
        <MenuPanel className="z-[60] min-w-40">
          {KINDS.filter((k) => !kinds || kinds.includes(k.kind)).map(({ kind, label }) => (
            <MenuItem key={kind}>
              <button type="button" onClick={() => void run(kind)} className={item}>
                {label}
              </button>
            </MenuItem>
          ))}
          {inTab.length ? <MenuSeparator className="my-1 h-px bg-slate-200" /> : null}
          {inTab.map(({ kind, label }) => (
            <MenuItem key={`tab-${kind}`}>
              <button type="button" onClick={() => open(kind)} className={item}>
                {label}
              </button>
            </MenuItem>
          ))}
        </MenuPanel>
      </Menu>
      {!onResult && (
        <span role="status" className={`text-sm ${status?.ok ? 'text-teal-700' : 'text-rose-700'}`}>
          {status?.msg}
        </span>
      )}
    </div>
  );
}
