import { logTargets } from '../admin/logs/log-targets';
import type { ApiDeps } from '../platform/deps';
import { can, type Principal } from '../platform/principal';
import { siteAllows } from '../platform/site-scope';

/** Stream types the log does not list, with the module whose records they are part of. */
const PART_OF: Readonly<Record<string, string>> = {
  equipo_documento: '/equipos',
  obra_gastos: '/obras',
  // The central warehouse's imported files and transfer requests: their lists follow them live.
  central_entry_file: '/almacen_central_entradas_archivos',
  transfer_request: '/traslado_materiales',
  // The stock ledger's balances: 'Stock por almacén' and the kárdex follow them live.
  stock: '/stock_almacen',
  // The traceability table (one row per work order): the traceability screens follow it live.
  traceability: '/trazabilidad_global',
  // The KPI inputs per equipment and month (projections/kpis): the KPI screens follow them live.
  kpis: '/kpis_equipos',
  // A machine's preventive-maintenance plans: the board follows them live (issue 20).
  pm_plan: '/mantenimiento_preventivo',
};

function moduleOf(streamType: string): string | null {
  if (Object.hasOwn(PART_OF, streamType)) return PART_OF[streamType];
  return Object.hasOwn(logTargets, streamType) ? logTargets[streamType].module : null;
}

/**
 * Whether a socket of `principal` may follow `topic` (docs/ARCHITECTURE.md, "Sockets"). Topics are
 * `access` (menu and rights changed: everyone), a stream type (`marca`) or one record
 * (`work_order:12`). A type needs the `see` right on the module its records belong to; a record
 * also the site scope its own form applies. Private topics (a user's notifications, sessions) and
 * unknown types are never followed by request: the server joins a socket to its own on connect.
 */
export async function topicAllowed(deps: Pick<ApiDeps, 'sql'>, principal: Principal, topic: string): Promise<boolean> {
  if (topic === 'access') return true;
  const m = /^([a-z_]{1,40})(?::(\d{1,15}))?$/.exec(topic);
  if (!m) return false;
  const [, streamType, id] = m;
  if (streamType === 'session' || streamType === 'notification') return false;
  const module = moduleOf(streamType);
  if (!module || !can(principal, module, 'see')) return false;
  return id === undefined || siteAllows(deps, principal, streamType, Number(id));
}
