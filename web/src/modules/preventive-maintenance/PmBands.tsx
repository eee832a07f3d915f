import { useQuery } from '@tanstack/react-query';
import { fetchOk } from '../../api/client';
import type { PmEstado } from '@shared/pm-forecast';
import { pmBoard } from './pm.resource';

const BANDS: { key: PmEstado | undefined; label: string; tone: string }[] = [
  { key: undefined, label: 'Todos', tone: 'text-slate-800' },
  { key: 'vencido', label: 'Vencidos', tone: 'text-red-700' },
  { key: 'proximo_7', label: 'En 7 días', tone: 'text-amber-800' },
  { key: 'proximo_30', label: 'En 30 días', tone: 'text-teal-800' },
  { key: 'sin_uso', label: 'Sin uso reciente', tone: 'text-slate-600' },
];

/** The board's bands with how many plans each holds (GET /mantenimiento_preventivo/resumen, on the
 * chosen site): a choice filters the list (`vencimiento` in the URL). Counted under the resource's
 * keys, so a live push refreshes them with the list. */
export function PmBands({ idObra, value, onChange }: { idObra?: number; value?: PmEstado; onChange(next: PmEstado | undefined): void }) {
  const resumen = useQuery({
    queryKey: [...pmBoard.keys.all, 'resumen', idObra ?? 0],
    queryFn: () => fetchOk<{ counts: Record<string, number> }>('GET', '/mantenimiento_preventivo/resumen', idObra ? { id_obra: idObra } : {}),
  });
  const counts = resumen.data?.counts;
  const total = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  return (
    <div role="group" aria-label="Vencimiento" className="flex flex-wrap gap-2">
      {BANDS.map((b) => {
        const n = b.key ? counts?.[b.key] : total;
        const active = value === b.key;
        return (
          <button
            key={b.label}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(b.key)}
            className={`min-h-11 rounded-lg border px-3 py-2 text-sm font-medium shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700 sm:min-h-0 ${
              active ? 'border-teal-700 bg-teal-50' : 'border-slate-200 bg-white hover:bg-slate-50'
            }`}
          >
            <span className={b.tone}>{b.label}</span>
            <span className="ml-2 tabular-nums text-slate-700">{n === undefined ? '…' : n}</span>
          </button>
        );
      })}
    </div>
  );
}
