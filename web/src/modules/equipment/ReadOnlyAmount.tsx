import { formatMoney } from '@shared/money';

/** A computed amount shown in a form (seed 001 §3: costo_mes_actual and pendiente_por_mes are read
 * only): the label, the amount, and how it is computed. */
export function ReadOnlyAmount({ label, value, hint }: { label: string; value: string | null | undefined; hint: string }) {
  return (
    <div>
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <output aria-label={label} className="mt-1 block rounded-md bg-slate-100 px-3 py-2 text-sm text-slate-800 tabular-nums">
        {formatMoney(value ?? '0') || formatMoney(0)}
      </output>
      <p className="mt-1 text-xs text-slate-500">{hint}</p>
    </div>
  );
}
