import { useEffect, useState } from 'react';
import { formatDateTime } from '@shared/time';
import { formatClockDifference } from '../settingsForm';

export type Tiempo = { fecha?: unknown; diferencia?: unknown; zona_horaria?: unknown };

/** The server's clock as of now: the reply's `fecha` plus the time since it arrived. */
function useServerNow(fecha: unknown, receivedAt: number): Date | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const base = typeof fecha === 'string' || typeof fecha === 'number' ? new Date(typeof fecha === 'string' ? fecha.replace(' ', 'T') : fecha).getTime() : NaN;
  return Number.isFinite(base) ? new Date(base + Math.max(0, now - receivedAt)) : null;
}

/** A date-time in the server's zone with its seconds ('21/11/2026 10:15:03 PM', the one clock of
 * the screens); Lima's when the zone is unknown to the browser. */
const inZone = (zone: string) => (d: Date) => formatDateTime(d, { seconds: true, timeZone: zone || undefined });

/** 'Hora del servidor' (seed 000, settings): the server's date and time, ticking, in its zone;
 * the zone; and how far its clock is from this device's (`diferencia`, seconds). */
export function ServerTime({ tiempo, receivedAt }: { tiempo: Tiempo | undefined; receivedAt: number }) {
  const zone = typeof tiempo?.zona_horaria === 'string' ? tiempo.zona_horaria : '';
  const now = useServerNow(tiempo?.fecha, receivedAt);
  const format = inZone(zone);
  const raw = typeof tiempo?.fecha === 'string' ? tiempo.fecha : '';
  return (
    <section aria-labelledby="server-time-title" className="rounded-lg border border-slate-200 bg-slate-50/70 p-4">
      <h2 id="server-time-title" className="text-sm font-semibold text-slate-900">
        Hora del servidor
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-xs text-slate-500">Fecha y hora</dt>
          <dd className="mt-0.5 font-medium text-slate-800 tabular-nums" dir="ltr">
            {now ? <time dateTime={now.toISOString()}>{format(now)}</time> : raw || '—'}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Zona horaria</dt>
          <dd className="mt-0.5 font-medium break-words text-slate-800">{zone || '—'}</dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">Diferencia con este equipo</dt>
          <dd className="mt-0.5 font-medium text-slate-800 tabular-nums">{formatClockDifference(tiempo?.diferencia)}</dd>
        </div>
      </dl>
    </section>
  );
}
