import type { MonthState } from './equipmentTypes';

const STYLES: Record<MonthState['id'], string> = {
  1: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  2: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  3: 'bg-amber-50 text-amber-800 ring-amber-600/20',
};

/** A schedule month's state as a chip: settled (green), running (blue), pending (amber). */
export function MonthStateChip({ estado }: { estado: MonthState }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STYLES[estado.id] ?? STYLES[3]}`}>{estado.nombre}</span>
  );
}
