// Where a KPI figure came from (issue 19: every figure traceable to the records behind it): the
// work-order list and the hour-meter list filtered by machine, site, period and maintenance type.

type Period = { date_from: string; date_to: string };
type Scope = { id_equipo?: number | null; id_obra?: number | null; id_tipo_mantenimiento?: number | null };

const compact = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, x]) => x !== undefined && x !== null));

/** The orders behind a count, a failure, MTBF, MTTR or a cost: opened in the period. */
export function ordersLink(p: Period, s: Scope) {
  return { to: '/ordenes_trabajo' as const, search: compact({ id_equipo: s.id_equipo, id_obra: s.id_obra, id_tipo_mantenimiento: s.id_tipo_mantenimiento, date_from: p.date_from, date_to: p.date_to }) };
}

/** The hour-meter logs behind hours, availability and utilisation. */
export function logsLink(p: Period, s: Scope) {
  return { to: '/horometros' as const, search: compact({ id_equipo: s.id_equipo, id_obra: s.id_obra, date_from: p.date_from, date_to: p.date_to }) };
}
