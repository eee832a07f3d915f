import { describe, expect, it } from 'vitest';
import { setRecordEnabled } from '../../../events/record/commands';
import { useTestDatabase } from '../../../tests/harness/db';
import { createTestEquipo } from '../../../tests/harness/equipment';
import { readHorometro } from '../../api/hour-meters/read-hour-meter';
import { seedScaleHorometros } from '../scale/hour-meters';
import { addDays } from './day-utils';
import { loadHorometrosData } from './loadHourMetersData';

const db = useTestDatabase();

function groupBy<T, K>(xs: T[], key: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of xs) m.set(key(x), [...(m.get(key(x)) ?? []), x]);
  return m;
}
const NOW = new Date('2026-11-22T15:00:00Z');

type Row = { id_equipo: number; fecha: string; id_tipo_turno: number; h_inicio: number; h_fin: number; falla_operacional: string; falla_neta: string; falla_tajo: string; obs_operacional: string; obs_neta: string; obs_tajo: string };

async function logsInOrder(): Promise<Row[]> {
  return db.sql<Row[]>`SELECT id_equipo, to_char(fecha, 'YYYY-MM-DD') AS fecha, id_tipo_turno::int AS id_tipo_turno, h_inicio, h_fin,
      falla_operacional::text, falla_neta::text, falla_tajo::text, obs_operacional, obs_neta, obs_tajo
    FROM rm_horometros ORDER BY id_equipo, fecha, id_tipo_turno`;
}

describe('demo hour-meter logs and scale seed', () => {
  it('a year of valid, continuous logs for every active machine, fast and once', async () => {
    const machines = [];
    for (let i = 0; i < 60; i++) machines.push(await createTestEquipo(db.store, { horometro: 3000 + i * 250, id_obra: 1 + (i % 3) }));
    const recent = await createTestEquipo(db.store, { horometro: 100, fecha_llegada: '2026-10-01' });
    const retired = await createTestEquipo(db.store, { horometro: 9000 });
    await setRecordEnabled(db.store, 'equipo', retired.id, false);

    const started = performance.now();
    const { horometros } = await loadHorometrosData(db.store, NOW);
    const seconds = (performance.now() - started) / 1000;
    console.log(`demo hour-meter logs: ${horometros} logs for 61 machines in ${seconds.toFixed(1)} s (${Math.round(horometros / seconds)} logs/s)`);

    const rows = await logsInOrder();
    expect(rows.length).toBe(horometros);
    const [{ events }] = await db.sql`SELECT count(*)::int AS events FROM es_events WHERE stream_type = 'horometro'`;
    expect(events).toBe(horometros);
    const byMachine = groupBy(rows, (r) => r.id_equipo);
    expect(byMachine.has(retired.id)).toBe(false);
    expect(byMachine.size).toBe(61);

    const to = '2026-11-21';
    const from = addDays(to, -364);
    let nights = 0;
    for (const [id, logs] of byMachine) {
      const machine = [...machines, recent].find((m) => m.id === id)!;
      const [{ horometro }] = await db.sql`SELECT horometro FROM rm_equipos WHERE id = ${id}`;
      expect(logs[0].fecha >= (id === recent.id ? '2026-10-01' : from)).toBe(true);
      expect(logs.at(-1)!.fecha <= to).toBe(true);
      // The meter runs on from log to log and ends at the machine's reading.
      for (let i = 1; i < logs.length; i++) expect(logs[i].h_inicio, `${machine.codigo} ${logs[i].fecha}`).toBe(logs[i - 1].h_fin);
      // …unless the machine has fewer hours than the year adds: then it starts at 0.
      if (logs[0].h_inicio > 0) expect(logs.at(-1)!.h_fin).toBe(horometro);
      else expect(logs.at(-1)!.h_fin).toBeGreaterThanOrEqual(horometro);
      if (id === recent.id) expect(logs[0].h_inicio).toBe(0);
      nights += logs.filter((l) => l.id_tipo_turno === 2).length;
    }
    // One log per working day (Monday to Saturday) and machine, plus some night shifts.
    const days = byMachine.get(machines[0].id)!.filter((l) => l.id_tipo_turno === 1).map((l) => l.fecha);
    expect(days.length).toBeGreaterThanOrEqual(312);
    expect(days.every((d) => new Date(`${d}T12:00:00Z`).getUTCDay() !== 0)).toBe(true);
    expect(nights).toBeGreaterThan(0);

    // Every log passes the form's own rules; worked hours 6–11 unless a breakdown cut them.
    let failures = 0;
    for (const r of rows) {
      const read = readHorometro({ ...r, id_equipo: r.id_equipo }, { today: '2026-11-22', requireEquipo: true });
      expect(read.ok, JSON.stringify(r)).toBe(true);
      const worked = r.h_fin - r.h_inicio;
      if (Number(r.falla_neta) === 0) expect(worked >= 6 && worked <= 11, JSON.stringify(r)).toBe(true);
      else expect(r.obs_neta).not.toBe('');
      if (Number(r.falla_neta) + Number(r.falla_operacional) + Number(r.falla_tajo) > 0) failures++;
    }
    expect(failures / rows.length).toBeGreaterThan(0.05);
    expect(failures / rows.length).toBeLessThan(0.4);

    expect(await loadHorometrosData(db.store, NOW)).toEqual({ horometros: 0 });
  }, 180_000);

  it('the scale seed adds hour-meter events up to the target, older than every log, and only once', async () => {
    const [{ n: before }] = await db.sql`SELECT count(*)::int AS n FROM es_events WHERE stream_type = 'horometro'`;
    const oldest = new Map((await db.sql<{ id_equipo: number; oldest: string }[]>`
      SELECT id_equipo, to_char(min(fecha), 'YYYY-MM-DD') AS oldest FROM rm_horometros GROUP BY id_equipo`).map((r) => [r.id_equipo, r.oldest]));
    const progress: number[] = [];
    const started = performance.now();
    const r = await seedScaleHorometros(db.store, { events: before + 6000, onProgress: (done) => progress.push(done), now: NOW });
    const seconds = (performance.now() - started) / 1000;
    console.log(`scale hour-meter logs: ${r.written} in ${seconds.toFixed(1)} s (${Math.round(r.written / seconds)} logs/s)`);
    expect(r).toEqual({ written: 6000, total: before + 6000 });
    expect(progress.at(-1)).toBe(before + 6000);
    const [{ n: after }] = await db.sql`SELECT count(*)::int AS n FROM rm_horometros`;
    expect(after).toBe(before + 6000);
    expect(await seedScaleHorometros(db.store, { events: before + 6000, now: NOW })).toEqual({ written: 0, total: before + 6000 });

    // The added logs are older than each machine's oldest log and keep the meter continuous into it.
    const rows = await logsInOrder();
    const byMachine = groupBy(rows, (x) => x.id_equipo);
    let older = 0;
    for (const logs of byMachine.values()) {
      for (let i = 1; i < logs.length; i++) expect(logs[i].h_inicio).toBe(logs[i - 1].h_fin);
      older += logs.filter((l) => l.fecha < (oldest.get(l.id_equipo) ?? '9999')).length;
      expect(logs[0].h_inicio).toBeGreaterThanOrEqual(0);
    }
    expect(older).toBe(6000);
  }, 180_000);
});
