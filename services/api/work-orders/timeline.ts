import { logRowKeys } from '../admin/logs/log-row-keys';
import { MSG_WORK_ORDER_NOT_FOUND } from '@shared/messages';
import { eventInfo, UNKNOWN_EVENT } from '../../../events/catalogues';
import { durationBetween, formatDuration } from '@shared/work-order-derive';
import type { WorkOrderEvent } from '../../../events/work-order/types';
import type { RecordedEvent } from '../../../events/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import { describeWorkOrderEvent, type NameOf } from './timeline-entry';

const ID_TABLES: Record<string, { table: string; label: string }> = {
  id_obra: { table: 'rm_obras', label: "codigo || ' - ' || nombre" },
  id_equipo: { table: 'rm_equipos', label: 'codigo' },
  id_operador: { table: 'rm_users', label: "trim(name || ' ' || coalesce(surname, ''))" },
  id_mecanico: { table: 'rm_users', label: "trim(name || ' ' || coalesce(surname, ''))" },
  id_supervisor: { table: 'rm_users', label: "trim(name || ' ' || coalesce(surname, ''))" },
  id_user: { table: 'rm_users', label: "trim(name || ' ' || coalesce(surname, ''))" },
  id_grupo_funcional: { table: 'rm_grupos_funcionales', label: 'nombre' },
  id_grupo_funcional_elemento: { table: 'rm_grupo_funcional_elementos', label: "numero || ' - ' || nombre" },
  id_unidad: { table: 'rm_unidades', label: 'nombre' },
  id_material: { table: 'rm_materiales', label: "codigo || ' ' || nombre" },
  id_material_tipo: { table: 'rm_material_tipos', label: 'nombre' },
  id_orden_trabajo: { table: 'rm_ordenes_trabajo', label: 'codigo' },
};

/** Every id an event mentions, by the field it sits in (to resolve names in one query per table). */
function collectIds(events: RecordedEvent[], into: Map<string, Set<number>>) {
  const add = (field: string, value: unknown) => {
    if (!(field in ID_TABLES) || typeof value !== 'number' || value <= 0) return;
    if (!into.has(field)) into.set(field, new Set());
    into.get(field)!.add(value);
  };
  const walk = (obj: Record<string, unknown>) => {
    for (const [k, val] of Object.entries(obj)) {
      if (val && typeof val === 'object' && 'from' in val && 'to' in val) {
        add(k, (val).from);
        add(k, (val).to);
      } else add(k, val);
    }
  };
  for (const e of events) {
    const d = e.data;
    if (e.type === 'WorkOrderOpened') walk(d.header as Record<string, unknown>);
    if (e.type === 'WorkOrderReplicated') add('id_orden_trabajo', d.id_replica);
    if (d.changes) walk(d.changes as Record<string, unknown>);
    if (d.line) walk(d.line as Record<string, unknown>);
    if (typeof d.id_user === 'number') add('id_user', d.id_user);
    if (typeof e.metadata.userId === 'number') add('id_user', e.metadata.userId);
  }
}

async function resolveNames(deps: ApiDeps, ids: Map<string, Set<number>>): Promise<NameOf> {
  const names = new Map<string, string>();
  const byTable = new Map<string, { label: string; ids: Set<number> }>();
  for (const [field, set] of ids) {
    const t = ID_TABLES[field];
    const entry = byTable.get(t.table) ?? { label: t.label, ids: new Set<number>() };
    for (const x of set) entry.ids.add(x);
    byTable.set(t.table, entry);
  }
  for (const [table, { label, ids: set }] of byTable) {
    const rows = await deps.sql.unsafe<{ id: number; label: string }[]>(`SELECT id, ${label} AS label FROM ${table} WHERE id = ANY($1::bigint[])`, [[...set]]);
    for (const r of rows) names.set(`${table}:${r.id}`, r.label);
  }
  return (field, value) => {
    const t = ID_TABLES[field];
    if (t && typeof value === 'number') return names.get(`${t.table}:${value}`) ?? `#${value}`;
    return String(value);
  };
}

/** Minutes between two instants as H:MM (the summary's durations). */
function hm(from: Date, to: Date): string {
  const minutes = Math.max(0, Math.round((to.getTime() - from.getTime()) / 60_000));
  return formatDuration({ horas: Math.floor(minutes / 60), minutos: minutes % 60 });
}

/** GET /ordenes_trabajo/obtenerLineaDeTiempo: the 'Resumen de Orden de Trabajo' (apertura_cierre)
 * and the 'Linea de Tiempo Detallada' (flujo_total), both folded from the order's own events and
 * those of its linked records, in commit order: exact and replayable, each step with its author. */
export async function loadTimeline(deps: ApiDeps, idOrden: number) {
  const events = (await deps.store.readStream(`work_order-${idOrden}`)) as unknown as RecordedEvent<WorkOrderEvent>[];
  if (!events.length) throw new ApiError(404, MSG_WORK_ORDER_NOT_FOUND);
  const linked: RecordedEvent[] = [];
  for (const e of events) {
    if (e.type === 'WorkOrderRequestLinked') linked.push(...(await deps.store.readStream(`purchase_request-${e.data.request.id}`)));
  }
  const all = [...(events as unknown as RecordedEvent[]), ...linked].sort((a, b) =>
    a.transactionId === b.transactionId ? a.globalPosition - b.globalPosition : BigInt(a.transactionId) < BigInt(b.transactionId) ? -1 : 1,
  );
  const ids = new Map<string, Set<number>>();
  collectIds(all, ids);
  const nameOf = await resolveNames(deps, ids);

  const flujo_total = all.map((e, i) => {
    const { titulo, cambios } =
      e.streamType === 'work_order' ? describeWorkOrderEvent(e as unknown as WorkOrderEvent, nameOf) : { titulo: `Solicitud: ${(eventInfo(e.type) ?? UNKNOWN_EVENT).label}`, cambios: [] };
    const userId = typeof e.metadata.userId === 'number' ? e.metadata.userId : null;
    const previous = i > 0 ? all[i - 1].occurredAt : null;
    return {
      id: e.id,
      paso: i + 1,
      tipo: e.type,
      titulo,
      cambios,
      id_user: userId,
      user_name: userId ? nameOf('id_user', userId) : 'Sistema',
      user_link: userId ? `/users?query=${userId}` : null,
      target_name: e.streamType === 'work_order' ? 'Orden de trabajo' : 'Solicitud',
      target_item_name: e.streamId,
      date_created: e.occurredAt.toISOString(),
      desde_anterior: previous ? hm(previous, e.occurredAt) : '0:00',
      // The seeds' log-entry keys: the type's catalogue name and badge, the event data, its parent.
      ...logRowKeys(e.streamType, e.type, e.data, null),
    };
  });

  const opened = events[0];
  const header = opened.type === 'WorkOrderOpened' ? opened.data.header : null;
  const closedEvent = [...events].reverse().find((e) => e.type === 'WorkOrderClosed');
  const cancelledEvent = [...events].reverse().find((e) => e.type === 'WorkOrderCancelled');
  const end = closedEvent ?? cancelledEvent;
  const [row] = await deps.sql<{ codigo: string; estado: number; fecha_apertura_ot: string; fecha_cierre_ot: string | null }[]>`
    SELECT codigo, estado, to_char(fecha_apertura_ot, 'YYYY-MM-DD HH24:MI') AS fecha_apertura_ot, to_char(fecha_cierre_ot, 'YYYY-MM-DD HH24:MI') AS fecha_cierre_ot
      FROM rm_ordenes_trabajo WHERE id = ${idOrden}`;
  const apertura_cierre = {
    codigo: row?.codigo ?? (opened.type === 'WorkOrderOpened' ? opened.data.codigo : ''),
    estado: row?.estado ?? 1,
    registrada: opened.occurredAt.toISOString(),
    registrada_por: flujo_total[0].user_name,
    finalizada: end ? end.occurredAt.toISOString() : null,
    finalizada_por: end ? flujo_total.find((f) => f.id === end.id)?.user_name ?? null : null,
    // In the system: from the first save to CIERRE TOTAL (or cancelling), or until now while open.
    duracion_sistema: hm(opened.occurredAt, end ? end.occurredAt : deps.now()),
    // On the form: opening → closing dates as entered (seed 001 §5 tiempo_ejecucion).
    fecha_apertura_ot: row?.fecha_apertura_ot ?? header?.fecha_apertura_ot ?? null,
    fecha_cierre_ot: row?.fecha_cierre_ot ?? null,
    tiempo_ejecucion: formatDuration(durationBetween(row?.fecha_apertura_ot ?? null, row?.fecha_cierre_ot ?? null)),
    pasos: flujo_total.length,
  };
  return { apertura_cierre, flujo_total };
}
