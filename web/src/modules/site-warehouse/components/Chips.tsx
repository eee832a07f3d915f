const BASE = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
const TONE: Record<string, string> = {
  'Salida de almacén': 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  'En almacén obra': 'bg-sky-50 text-sky-800 ring-sky-600/20',
};

/** A part line's state on the issue list ('Pendiente', 'En almacén obra', 'Salida de almacén'). */
export function LineStateChip({ nombre }: { nombre: string }) {
  return <span className={`${BASE} ${TONE[nombre] ?? 'bg-amber-50 text-amber-800 ring-amber-600/20'}`}>{nombre}</span>;
}
