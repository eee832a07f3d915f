import { availabilityTone } from './availabilityTone';
import { formatPercent, type PercentStyle } from '@shared/report-format';

const TONE = {
  low: 'bg-red-50 text-red-800 ring-red-200',
  mid: 'bg-amber-50 text-amber-900 ring-amber-200',
  ok: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  none: 'text-slate-500 ring-transparent',
} as const;

/** 85.7 → '85.70 %'; null (nothing to measure: a zero denominator) → '—'. */
const PERCENT: PercentStyle = { missing: '—', spaced: true };

const HINT = { low: 'Baja (menos de 75 %)', mid: 'Media (75 % a 90 %)', ok: 'Buena (90 % o más)', none: 'Sin horas que medir' } as const;

/** A percentage with its colour hint (availability and utilisation columns). `toned` off shows
 * the number without colour. */
export function PercentCell({ value, toned = true }: { value: number | null; toned?: boolean }) {
  const tone = toned ? availabilityTone(value) : value === null ? 'none' : null;
  return (
    <span
      title={tone ? HINT[tone] : undefined}
      className={`inline-block rounded px-1.5 py-0.5 text-end tabular-nums ring-1 ring-inset ${tone ? TONE[tone] : 'ring-transparent'}`}
    >
      {formatPercent(value, PERCENT)}
    </span>
  );
}
