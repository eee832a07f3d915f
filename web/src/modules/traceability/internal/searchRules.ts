/** What a traceability search is missing, in the panel's words, or null when it can run (seed 002
 * §5): both dates first, then at least one functional group and one state (closed or open). */
export function missingForSearch(f: { date_from?: string; date_to?: string; groups: number; cerradas: boolean; abiertas: boolean }): string | null {
  if (!f.date_from || !f.date_to) return 'Seleccione un rango de fechas primero';
  if (f.groups === 0) return 'Seleccione al menos un grupo funcional';
  if (!f.cerradas && !f.abiertas) return 'Seleccione al menos un estado';
  return null;
}
