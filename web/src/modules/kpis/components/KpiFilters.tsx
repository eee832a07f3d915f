import { useNavigate } from '@tanstack/react-router';
import { SelectLocal } from '../../../ui/select/SelectLocal';
import type { KpisSearch } from '../kpisSearch';

const INPUT = 'mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-teal-700 focus:outline-none focus:ring-1 focus:ring-teal-700';
const LABEL = 'block text-sm font-medium text-slate-700';

export const GF_OPTIONS = [
  { value: 1, label: 'MP: preventivo' },
  { value: 2, label: 'MC: correctivo' },
  { value: 3, label: 'MCD' },
] as const;

/** The filters of the KPI screens, kept in the URL: the period (whole months), the site and, where
 * the screen has it, the functional group (maintenance type) and the report kind. */
export function KpiFilters({ search, periodo, withGf = false, reportes }: { search: KpisSearch; periodo?: { date_from: string; date_to: string }; withGf?: boolean; reportes?: readonly { id: number; nombre: string }[] }) {
  const navigate = useNavigate();
  const set = (patch: Partial<KpisSearch>) => void navigate({ to: '.', search: ((prev: KpisSearch) => ({ ...prev, ...patch })) as never, replace: true });
  return (
    <form className="grid gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:grid-cols-2 lg:grid-cols-5" onSubmit={(e) => e.preventDefault()}>
      {reportes ? (
        <label className={`${LABEL} sm:col-span-2 lg:col-span-1`}>
          Reporte
          <select className={INPUT} value={search.id_reporte ?? 1} onChange={(e) => set({ id_reporte: Number(e.target.value) as KpisSearch['id_reporte'] })}>
            {reportes.map((r) => (
              <option key={r.id} value={r.id}>
                {r.id}. {r.nombre}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className={LABEL}>
        Desde
        <input type="date" className={INPUT} value={search.date_from ?? periodo?.date_from ?? ''} onChange={(e) => set({ date_from: e.target.value || undefined })} />
      </label>
      <label className={LABEL}>
        Hasta
        <input type="date" className={INPUT} value={search.date_to ?? periodo?.date_to ?? ''} onChange={(e) => set({ date_to: e.target.value || undefined })} />
      </label>
      <div className={LABEL}>
        <SelectLocal<number> label="Obra" endpoint="/fil_datas/obras" value={search.id_obra ?? null} onChange={(v) => set({ id_obra: v ?? undefined })} placeholder="Todas las obras" />
      </div>
      {withGf ? (
        <label className={LABEL}>
          Grupo funcional
          <select className={INPUT} value={search.id_gf ?? ''} onChange={(e) => set({ id_gf: e.target.value ? (Number(e.target.value) as KpisSearch['id_gf']) : undefined })}>
            <option value="">Todos (MP, MC y MCD)</option>
            {GF_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </form>
  );
}
