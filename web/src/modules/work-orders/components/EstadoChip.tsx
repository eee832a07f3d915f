import type { EstadoOt } from '../workOrderTypes';

const ESTADOS: Record<EstadoOt, { label: string; className: string }> = {
  1: { label: 'Abierto', className: 'bg-sky-50 text-sky-800 ring-sky-600/20' },
  2: { label: 'Cancelado', className: 'bg-slate-100 text-slate-600 ring-slate-500/20' },
  3: { label: 'Cerrado', className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20' },
};

/** Seed 001 §4: estado 1 abierto, 2 cancelado, 3 cerrado, as a coloured chip. */
export function EstadoChip({ estado }: { estado: number }) {
  const e = ESTADOS[estado as EstadoOt] ?? { label: String(estado), className: 'bg-slate-100 text-slate-600 ring-slate-500/20' };
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${e.className}`}>{e.label}</span>;
}
