import type { Sql } from 'postgres';
import { referencesMessage } from './references-message';

/** A kind of record that may point at a catalogue row: `from` and `where` are trusted SQL from
 * code, `$1` in `where` is the row's id. */
export type Reference = { one: string; many: string; from: string; where: string };

/** Counts what still references row `id` and returns the refusal message, or null when nothing
 * does (used by defineCrud's `beforeRemove`). */
export async function blockingReferences(sql: Sql, id: number, references: Reference[]): Promise<string | null> {
  const found = [];
  for (const r of references) {
    const [row] = await sql.unsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM ${r.from} WHERE ${r.where}`, [id]);
    found.push({ one: r.one, many: r.many, count: row.n });
  }
  return referencesMessage(found);
}
