import type { HorometroRow } from './hourMeterTypes';
import { formatNumber } from '@shared/money';

const PARTS = [
  { key: 'falla_operacional', obs: 'obs_operacional', label: 'Operacional' },
  { key: 'falla_neta', obs: 'obs_neta', label: 'Neta (mecánica)' },
  { key: 'falla_tajo', obs: 'obs_tajo', label: 'Tajo' },
] as const;

/** The expanded row: each failure with its hours and observation, and the shift's standby. */
export function HorometroDetail({ row }: { row: HorometroRow }) {
  const standby = Math.max(row.horas_programadas - row.horas_trabajadas - row.falla_neta, 0);
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-4">
      {PARTS.map((p) => (
        <div key={p.key}>
          <p className="text-xs font-medium text-slate-500">Falla {p.label.toLowerCase()}</p>
          <p className="tabular-nums text-slate-900">{formatNumber(row[p.key], 1)} h</p>
          <p className="mt-0.5 break-words text-slate-600">{row[p.obs] || <span className="text-slate-500">Sin observaciones</span>}</p>
        </div>
      ))}
      <div>
        <p className="text-xs font-medium text-slate-500">Turno programado / standby</p>
        <p className="tabular-nums text-slate-900">
          {formatNumber(row.horas_programadas, 0)} h / {formatNumber(standby, 1)} h
        </p>
      </div>
    </div>
  );
}
