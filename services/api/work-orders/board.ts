import { wallClockNow } from '@shared/time';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { siteScope } from '../platform/site-scope';

/** How an open order stands, in the words a supervisor uses. */
export function situacion(row: { atendido_por_almacen_obra: number; id_solicitud_compra: number; solicitud_estado: string | null; sin_productos: number; firmas: number }): string {
  if (row.id_solicitud_compra > 0) return `Solicitud ${row.solicitud_estado ?? ''}`.trim();
  if (row.atendido_por_almacen_obra === 1) return 'Atendida por almacén';
  if (row.firmas === 3) return 'Firmada, por cerrar';
  return row.sin_productos === 1 ? 'En reparación' : 'Esperando repuestos';
}

/** GET /ordenes_trabajo/tablero: the open orders of the caller's sites, oldest first, grouped by
 * site, with their age in hours (from the opening date on the form to now, wall clock). */
export async function workOrderBoard(deps: ApiDeps, opts: { principal: Principal; idObra?: number }) {
  const { sql } = deps;
  const now = wallClockNow(deps.now());
  const scope = siteScope(sql, opts.principal, 'o.id_obra');
  const rows = await sql<{
    id: number; codigo: string; id_obra: number; obra: string; ob_codigo: string; equipo_codigo: string; equipo_descripcion: string; supervisor: string;
    mecanico: string; fecha_apertura_ot: string; edad_minutos: number; atendido_por_almacen_obra: number; id_solicitud_compra: number;
    solicitud_estado: string | null; sin_productos: number; firmas: number; version: number;
  }[]>`
    SELECT o.id, o.codigo, o.id_obra, o.obra, o.ob_codigo, o.equipo_codigo, o.equipo_descripcion, o.supervisor, o.mecanico,
           to_char(o.fecha_apertura_ot, 'YYYY-MM-DD"T"HH24:MI') AS fecha_apertura_ot,
           greatest(0, floor(extract(epoch FROM (${now}::timestamp - o.fecha_apertura_ot)) / 60))::int AS edad_minutos,
           o.atendido_por_almacen_obra, o.id_solicitud_compra, o.solicitud_estado, o.sin_productos,
           (o.firma_operador + o.firma_mecanico + o.firma_supervisor)::int AS firmas, o.version
      FROM rm_ordenes_trabajo o
     WHERE o.estado = 1 ${opts.idObra ? sql`AND o.id_obra = ${opts.idObra}` : sql``} ${scope ? sql`AND ${scope}` : sql``}
     ORDER BY o.obra, o.fecha_apertura_ot, o.id`;
  const sites = new Map<number, { id_obra: number; obra: string; ob_codigo: string; abiertas: number; ordenes: unknown[] }>();
  for (const r of rows) {
    const site = sites.get(r.id_obra) ?? { id_obra: r.id_obra, obra: r.obra, ob_codigo: r.ob_codigo, abiertas: 0, ordenes: [] };
    site.abiertas++;
    site.ordenes.push({ ...r, situacion: situacion(r) });
    sites.set(r.id_obra, site);
  }
  return { items: [...sites.values()], total: rows.length, ahora: now };
}
