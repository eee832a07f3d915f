import { PRODUCT_STATE_COLORS, REQUEST_STATE_COLORS, type ProductStateCode, type RequestStateCode, type StateColor } from '@shared/purchase-request-codes';

const BASE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';
const CHIP = `${BASE} whitespace-nowrap`;
const GREY = 'bg-slate-100 text-slate-600 ring-slate-500/20';
const AMBER = 'bg-amber-50 text-amber-800 ring-amber-600/20';
const GREEN = 'bg-emerald-50 text-emerald-800 ring-emerald-600/20';
const RED = 'bg-rose-50 text-rose-800 ring-rose-600/20';

/** The classes of each state tone (the tones are the server's `objeto_estado.color`). */
const TONE: Record<StateColor, string> = {
  slate: GREY,
  amber: AMBER,
  violet: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  sky: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  emerald: GREEN,
  rose: RED,
};

/** A request's state (events/purchase-request/codes.ts) as a coloured chip with the server's name;
 * `wrap` lets a long name take two lines (a list's column). */
export function RequestStateChip({ estado, nombre, wrap = false }: { estado: number; nombre: string; wrap?: boolean }) {
  return (
    <span className={`${wrap ? `${BASE} max-w-36 whitespace-normal leading-tight` : CHIP} ${TONE[REQUEST_STATE_COLORS[estado as RequestStateCode] ?? 'slate']}`}>{nombre || String(estado)}</span>
  );
}

/** A requested product's state: attended or on its way in green, refused or cancelled in red and
 * grey, the rest waiting (amber). */
export function ProductStateChip({ estado, nombre }: { estado: number; nombre: string }) {
  return <span className={`${CHIP} ${TONE[PRODUCT_STATE_COLORS[estado as ProductStateCode] ?? 'amber']}`}>{nombre || String(estado)}</span>;
}

const SICAM = {
  pendiente: { label: 'Pendiente', tone: AMBER },
  enviado: { label: 'Enviado', tone: GREEN },
  fallido: { label: 'Fallido', tone: RED },
} as const;

/** 'Enviado a SICAM' (seed 002 §2): pendiente, enviado or fallido with SICAM's reason under it;
 * '—' for a despacho (never sent) or a request not yet approved. */
export function SicamChip({ tipo, estado, motivo }: { tipo: number; estado: 'pendiente' | 'enviado' | 'fallido' | null; motivo?: string | null }) {
  if (tipo === 3 || !estado) return <span className="text-slate-500">—</span>;
  const s = SICAM[estado];
  return (
    <span className="inline-flex max-w-48 flex-col items-start gap-0.5" title={estado === 'fallido' && motivo ? motivo : undefined}>
      <span className={`${CHIP} ${s.tone}`}>{s.label}</span>
      {estado === 'fallido' && motivo ? <span className="block max-w-48 truncate text-xs text-rose-700">{motivo}</span> : null}
    </span>
  );
}

/** The 'Atendido' filter of the warehouses' Pedido lists (central and site): the flag FlagChip
 * shows in the rows. */
export const ATTENDED_FILTER = [
  { value: '0', label: 'Por atender' },
  { value: '1', label: 'Atendidos' },
];

/** A 0/1 flag as 'Sí' (in `yesTone`) or 'No'. */
export function FlagChip({ value, yesTone = 'red' }: { value: number; yesTone?: 'red' | 'green' }) {
  return value === 1 ? <span className={`${CHIP} ${yesTone === 'red' ? RED : GREEN}`}>Sí</span> : <span className="text-sm text-slate-500">No</span>;
}
