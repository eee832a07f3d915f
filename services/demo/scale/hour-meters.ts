import type { EventStore } from '../../../events/store';
import { businessToday } from '@shared/time';
import { TIPOS_TURNO } from '../../api/hour-meters/tipos-turno';
import { addDays, isWorkingDay } from '../hour-meters/day-utils';
import { shiftRecord, type DemoMachine } from '../hour-meters/demo-hour-meter-logs';
import { planShift } from '../hour-meters/plan-shift';
import { prng, type Prng } from '../prng';
import { type PlannedRecord, writeRecordBatches } from '../hour-meters/write-record-batches';
import { claimSlotOf } from '../../../events/hour-meter/decider';

const [DIA, NOCHE] = TIPOS_TURNO;

type Cursor = { machine: DemoMachine; rng: Prng; mean: number; double: boolean; fecha: string; meter: number };

function previousWorkingDay(fecha: string): string {
  let d = addDays(fecha, -1);
  while (!isWorkingDay(d)) d = addDays(d, -1);
  return d;
}

/**
 * `need` logs going back in time from each machine's oldest log (or from two days ago), one
 * working day per machine in turn, so the load spreads over every machine. Going backwards, each
 * shift ends where the next one (already planned) starts; for a machine without logs the newest
 * one ends at its registered reading (as in the demo year), or higher when the reading is too low
 * for the hours to add, so the meter never goes below 0. A slot is always older
 * than the machine's oldest log, so one log per machine, date and shift holds.
 */
function* backwardLogs(cursors: Cursor[], need: number): Generator<PlannedRecord> {
  let left = need;
  while (left > 0) {
    for (const c of cursors) {
      if (left <= 0) return;
      c.fecha = previousWorkingDay(c.fecha);
      const shifts = c.double && c.rng.next() < 0.7 ? [NOCHE, DIA] : [DIA];
      for (const turno of shifts) {
        if (left <= 0) return;
        const shift = planShift(c.rng, turno === NOCHE ? c.mean - 1 : c.mean, turno.horas);
        shift.worked = Math.min(shift.worked, c.meter); // a meter never reads below 0
        const start = c.meter - shift.worked;
        c.meter = start;
        left--;
        yield shiftRecord(c.machine, c.fecha, turno, start, shift, null, 60);
      }
    }
  }
}

/**
 * Adds hour-meter logs (one RecordCreated event each) until the log holds `events` hour-meter
 * events, spread over the machines present (the equipment scale step creates 2,000 first), in
 * transactions of 2,000 records, three at a time. Running it again adds only what is missing. For benchmarks:
 * `scripts/seed-scale.ts` calls it.
 */
export async function seedScaleHorometros(
  store: EventStore,
  options: { events?: number; onProgress?: (written: number, target: number) => void; now?: Date } = {},
): Promise<{ written: number; total: number }> {
  const target = options.events ?? 500_000;
  const [{ n }] = await store.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM es_events WHERE stream_type = 'horometro'`;
  const need = target - n;
  if (need <= 0) return { written: 0, total: n };
  const rows = await store.sql<(DemoMachine & { oldest: string | null; lowest: number | null })[]>`
    SELECT e.id, e.id_obra, e.horometro, to_char(min(h.fecha), 'YYYY-MM-DD') AS oldest, min(h.h_inicio) AS lowest
      FROM rm_equipos e LEFT JOIN rm_horometros h ON h.id_equipo = e.id
     GROUP BY e.id ORDER BY e.id`;
  if (!rows.length) throw new Error('No hay equipos: cree la flota antes de los horómetros');
  const perMachine = Math.ceil(need / rows.length);
  const start = addDays(businessToday(options.now ?? new Date()), -1);
  const cursors: Cursor[] = rows.map((r) => {
    const rng = prng(4_242_000 + r.id);
    return {
      machine: { id: r.id, id_obra: r.id_obra, horometro: r.horometro },
      rng,
      mean: 7 + rng.next() * 3,
      double: rng.next() < 0.2,
      fecha: r.oldest ?? start,
      meter: r.lowest ?? Math.max(r.horometro, perMachine * 12),
    };
  });
  const written = await writeRecordBatches(store, 'horometro', backwardLogs(cursors, need), {
    batch: 2000,
    parallel: 3,
    requestId: 'seed-scale',
    companion: claimSlotOf,
    onProgress: (w) => options.onProgress?.(n + w, target),
  });
  return { written, total: n + written };
}
