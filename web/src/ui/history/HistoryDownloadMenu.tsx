import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useState } from 'react';
import { download } from '../../api/client';

const KINDS = [
  { kind: 'xlsx', label: 'Excel (xlsx)' },
  { kind: 'pdf', label: 'PDF' },
] as const;

/** 'Descargar historial': the record's whole history (GET /history/export) as Excel or PDF, every
 * event with who, as whom, when, session and each field before → after. The outcome is a short
 * status line beside the menu. */
export function HistoryDownloadMenu({ streamType, id }: { streamType: string; id: number | string }) {
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ ok: boolean; msg: string } | null>(null);
  const run = async (kind: 'xlsx' | 'pdf') => {
    if (busy) return;
    setBusy(true);
    setStatus(null);
    const r = await download('/history/export', { stream_type: streamType, id, kind });
    setBusy(false);
    setStatus(r.ok ? { ok: true, msg: 'Historial descargado.' } : { ok: false, msg: r.msg });
  };
  return (
    <div className="inline-flex items-center gap-2">
      <Menu>
        <MenuButton
          disabled={busy}
          aria-busy={busy}
          className="inline-flex h-9 items-center gap-2 rounded-md bg-white px-3 text-sm font-medium text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-wait disabled:opacity-70 data-open:bg-slate-50"
        >
          <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 text-slate-500" aria-hidden="true">
            <path d="M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 13.5V16h12v-2.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
          Descargar historial
        </MenuButton>
        <MenuItems
          anchor="bottom end"
          transition
          className="z-[60] min-w-40 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg transition duration-100 ease-out [--anchor-gap:4px] focus:outline-none data-closed:scale-95 data-closed:opacity-0"
        >
          {KINDS.map(({ kind, label }) => (
            <MenuItem key={kind}>
              <button type="button" onClick={() => void run(kind)} className="block w-full px-3 py-2 text-start text-slate-700 data-focus:bg-slate-100 data-focus:text-slate-900">
                {label}
              </button>
            </MenuItem>
          ))}
        </MenuItems>
      </Menu>
      <span role="status" className={`text-xs ${status?.ok ? 'text-teal-700' : 'text-rose-700'}`}>
        {status?.msg}
      </span>
    </div>
  );
}
