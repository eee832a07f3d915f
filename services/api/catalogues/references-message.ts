/** What still points at a record: how many, named in the singular and plural. */
export type FoundReference = { one: string; many: string; count: number };

/** The refusal of a removal while other records reference the row (seed 001 §6 master data;
 * docs/modules/master-data.md): 'No se puede eliminar: tiene registros asociados (3 modelos,
 * 1 equipo)'. Nothing found → null (the removal may go ahead). */
export function referencesMessage(found: FoundReference[]): string | null {
  const parts = found.filter((f) => f.count > 0).map((f) => `${f.count} ${f.count === 1 ? f.one : f.many}`);
  return parts.length ? `No se puede eliminar: tiene registros asociados (${parts.join(', ')})` : null;
}
