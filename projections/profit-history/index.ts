import type { TransactionSql } from 'postgres';
import type { FieldChange } from '@shared/diff';
import { wallClockAt } from '@shared/time';
import type { RecordedEvent } from '../../events/types';
import type { AsyncProjection } from '../types';

// Issue 19: the valid-time history of the profitability's fixed inputs (migrations/0075, and
// docs/modules/reports.md "Rentabilidad"). For each machine, the versions of its tariff, insurance
// and amortization plan; for each site, the versions of its general expenses; each in force from
// the instant its event took effect. The report reads, per month, the version in force at the
// month's last day (services/app/profitability/profit-query.ts), so editing a tariff or a site's
// expenses today leaves the months already closed as they were. A record's first version stands
// from -infinity: months before the record's first event read its first known values.
// Only the record streams' events feed it (never another read model), so a rebuild writes the
// same rows.

/** The machine's fields the report reads, with the defaults of rm_equipos (migration 0010). */
export const EQUIPO_INPUTS = {
  tipo_tarifa: 'HORA',
  tarifa: 0,
  horas: 0,
  costo_anual_seguro: 0,
  fecha_llegada: null,
  fecha_compra: null,
  costo_adquisicion: 0,
  amortizacion: 0,
  amortizacion_inicio: null,
  amortizacion_estado: 1,
} as const;
const EQUIPO_FIELDS = Object.keys(EQUIPO_INPUTS) as (keyof typeof EQUIPO_INPUTS)[];
const OBRA_FIELDS = ['gastos_generales'] as const;

const fieldsOf = (streamType: string): readonly string[] => (streamType === 'equipo' ? EQUIPO_FIELDS : OBRA_FIELDS);

/** A stored value of a field (a plan's state never stored is active, as EQUIPO_SQL.planEstado). */
function valueOf(field: string, value: unknown): unknown {
  if (field === 'amortizacion_estado') return value === 0 || value === '0' ? 0 : 1;
  if (value === undefined || value === null || value === '') return field in EQUIPO_INPUTS ? EQUIPO_INPUTS[field as keyof typeof EQUIPO_INPUTS] : 0;
  return value;
}

/** True when the event writes a new version: a creation, a removal, or an update of an input. */
export function touchesInputs(e: RecordedEvent): boolean {
  if (e.streamType !== 'equipo' && e.streamType !== 'obra') return false;
  if (e.type === 'RecordCreated' || e.type === 'RecordRemoved') return true;
  if (e.type !== 'RecordUpdated') return false;
  const changes = (e.data as { changes?: Record<string, FieldChange> }).changes ?? {};
  return fieldsOf(e.streamType).some((f) => f in changes);
}

/** 'YYYY-MM-DD' of an instant in Lima (the twin of businessDateSql over rm_equipos.date_created). */
function limaDay(instant: Date): string {
  const w = wallClockAt(instant);
  return `${w.year}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

const TABLE = { equipo: 'rm_rent_equipo_historia', obra: 'rm_rent_obra_historia' } as const;
const KEY = { equipo: 'id_equipo', obra: 'id_obra' } as const;
type Kind = keyof typeof TABLE;

/** The first version of a record: its created fields, in force from -infinity (the column's
 * default: postgres.js sends a timestamptz parameter as a Date, which cannot hold it). */
function firstRow(kind: Kind, e: RecordedEvent): Record<string, unknown> {
  const d = e.data as { id: number; fields?: Record<string, unknown> };
  const fields = d.fields ?? {};
  const row: Record<string, unknown> = { [KEY[kind]]: Number(d.id), version: e.version, ocurrido: e.occurredAt };
  for (const f of fieldsOf(kind)) row[f] = valueOf(f, fields[f]);
  if (kind === 'equipo') row.fecha_alta = limaDay(e.occurredAt);
  return row;
}

/** A later version: the previous one with the changed inputs, in force from the event's instant. */
async function nextVersion(tx: TransactionSql, kind: Kind, e: RecordedEvent) {
  const d = e.data as { id: number; changes: Record<string, FieldChange> };
  const id = Number(d.id);
  const set: Record<string, unknown> = {};
  for (const f of fieldsOf(kind)) if (f in d.changes) set[f] = valueOf(f, d.changes[f].to);
  const table = TABLE[kind];
  const key = KEY[kind];
  const columns = kind === 'equipo' ? [...EQUIPO_FIELDS, 'fecha_alta'] : [...OBRA_FIELDS];
  const copied = await tx`
    INSERT INTO ${tx(table)} (${tx([key, 'version', 'desde', 'ocurrido', ...columns])})
    SELECT ${tx(key)}, ${e.version}, ${e.occurredAt}, ${e.occurredAt}, ${tx(columns)}
      FROM ${tx(table)} WHERE ${tx(key)} = ${id} ORDER BY version DESC LIMIT 1
    ON CONFLICT DO NOTHING`;
  if (copied.count) await tx`UPDATE ${tx(table)} SET ${tx(set)} WHERE ${tx(key)} = ${id} AND version = ${e.version}`;
}

export const profitHistoryProjection: AsyncProjection = {
  name: 'profit_history',
  batchSize: 2000,
  handles: touchesInputs,
  async apply(tx, events) {
    // A run of creations (a bulk load of machines) goes in as one multi-row INSERT per table;
    // anything else first writes the run, so events still apply in order.
    const runs: Record<Kind, Record<string, unknown>[]> = { equipo: [], obra: [] };
    const flush = async () => {
      for (const kind of ['equipo', 'obra'] as const) {
        const rows = runs[kind];
        if (!rows.length) continue;
        runs[kind] = [];
        await tx`INSERT INTO ${tx(TABLE[kind])} ${tx(rows)} ON CONFLICT DO NOTHING`;
      }
    };
    for (const e of events) {
      const kind = e.streamType as Kind;
      if (e.type === 'RecordCreated') {
        runs[kind].push(firstRow(kind, e));
        if (runs[kind].length >= 2000) await flush();
        continue;
      }
      await flush();
      if (e.type === 'RecordUpdated') await nextVersion(tx, kind, e);
      else await tx`DELETE FROM ${tx(TABLE[kind])} WHERE ${tx(KEY[kind])} = ${Number((e.data as { id: number }).id)}`;
    }
    await flush();
  },
  async reset(tx) {
    await tx`TRUNCATE rm_rent_equipo_historia, rm_rent_obra_historia`;
  },
  afterCommit(_events, publish) {
    // The profitability figures read these rows beside the KPI projection's: same topic.
    publish([{ topic: 'kpis' }]);
  },
};
