import type { TransactionSql } from 'postgres';
import { obraGastosCatalogue } from '../../events/site/catalogue';
import type { ObraGastosEvent } from '../../events/site/types';
import type { RecordedEvent } from '../../events/types';
import { streamProjection } from '../stream-projection';

async function applyOne(tx: TransactionSql, e: RecordedEvent<ObraGastosEvent>) {
  const base = { version: e.version, date_updated: e.occurredAt };
  switch (e.type) {
    case 'GeneralExpensesOpened': {
      const rows = e.data.lineas.map((l) => ({ ...l, id_obra: e.data.id_obra, date_created: e.occurredAt, ...base }));
      if (rows.length) await tx`INSERT INTO rm_obra_gastos ${tx(rows)}`;
      return;
    }
    case 'GeneralExpensesSaved':
      for (const l of e.data.lineas) {
        const set: Record<string, unknown> = { ...base };
        for (const [field, change] of Object.entries(l.changes)) set[field] = change.to;
        await tx`UPDATE rm_obra_gastos SET ${tx(set)} WHERE id = ${l.id}`;
      }
      return;
    default: {
      const never: never = e;
      return never;
    }
  }
}

/** Inline (read-your-writes): a site's general-expense lines, rm_obra_gastos, from its
 * `obra_gastos-{id_obra}` stream. Only the screen's load and save read this table
 * (services/api/sites/gastos). */
export const obraGastosProjection = streamProjection<ObraGastosEvent>({
  name: 'obra_gastos',
  streamType: 'obra_gastos',
  catalogue: obraGastosCatalogue,
  apply: applyOne,
  async reset(tx) {
    await tx`TRUNCATE rm_obra_gastos`;
  },
});
