import { execute, type Stream } from '../../../events/execute';
import type { EventStore } from '../../../events/store';
import { NEW_PART_FIELDS, workOrders } from '../../../events/work-order/decider';
import type { Actor, Header, LinesInput, PartLine, WorkLine, WorkOrderCommand, WorkOrderEvent, WorkOrderState } from '../../../events/work-order/types';
import { prng, type Prng as Rng } from '../prng';
import type { WorkOrderContext } from './work-order-context';


const DIAGNOSTICOS = [
  'Fuga de aceite en cilindro de levante', 'Recalentamiento del motor', 'Desgaste de zapatas del tren de rodaje', 'Falla del alternador, batería no carga',
  'Ruido anormal en mando final', 'Presión hidráulica baja en implementos', 'Rotura de manguera de alta presión', 'Fuga de refrigerante en radiador',
  'Motor no arranca', 'Luces de trabajo inoperativas', 'Frenos con baja eficiencia', 'Vibración excesiva en rodillo', 'Juego en pines y bocinas del cucharón',
  'Humo negro en el escape', 'Falla del sensor de temperatura', 'Desgaste de cuchilla de motoniveladora', 'Fuga de aire en sistema de frenos',
  'Mantenimiento preventivo PM 250 h', 'Mantenimiento preventivo PM 500 h', 'Dirección dura', 'Tablero con código de falla del ECM',
];
const INTERVENCIONES = [
  'Cambio de manguera hidráulica', 'Cambio de aceite y filtros', 'Ajuste de tensión de cadena', 'Reparación de alternador', 'Cambio de sellos del cilindro',
  'Limpieza y prueba de radiador', 'Cambio de batería', 'Regulación de frenos', 'Cambio de pines y bocinas', 'Calibración de inyectores',
  'Cambio de sensor de temperatura', 'Cambio de cuchillas y cantoneras', 'Reparación de línea de aire', 'Lavado y engrase general', 'Diagnóstico con software del fabricante',
];
const OBSERVACIONES = ['', '', '', 'Se requiere seguimiento en la próxima PM', 'Operador reporta falla intermitente', 'Trabajo realizado en campo', 'Se coordinó con almacén de obra'];

/** 'YYYY-MM-DD HH:mm' of a Date's UTC fields (the generator works in site wall-clock time). */
function wall(d: Date): string {
  return d.toISOString().slice(0, 16).replace('T', ' ');
}

/** Opens a new work-order stream in the loader's command (`c.start`). */
type StartOrder = (id: number) => Stream<WorkOrderState, WorkOrderCommand, WorkOrderEvent>;

/** One order's life as commands through the real decider, on streams of the loader's command:
 * opened with its lines (CIERRE MECANICO), sometimes signed, then closed, cancelled or left open;
 * a few closed ones replicated. Each decision is stamped with its time, which follows the story
 * (hours to days apart) and ends before `now`, and its user. Returns the orders it opened. */
function planWorkOrder(rng: Rng, ctx: WorkOrderContext, start: StartOrder, opts: { id: number; codigo: (siteId: number) => string; opened: Date; now: Date; nextLineId: () => number; replicaId?: () => number; attendShare?: number }): number {
  const site = rng.pick(ctx.sites);
  const equipo = rng.pick(site.equipos);
  const supervisor = rng.pick(site.supervisores);
  const actor: Actor = { id: supervisor, roleId: 15, canCreateRequest: false };
  const admin: Actor = { id: ctx.adminId ?? supervisor, roleId: 16, canCreateRequest: true };
  const stop = new Date(opts.opened.getTime() - rng.int(0, 180) * 60_000);
  const hm = equipo.horometro + rng.int(50, 4000) + rng.int(0, 9) / 10;
  const header: Header = {
    id_obra: site.id, id_equipo: equipo.id, placa_equipo: equipo.placa, serie_equipo: equipo.serie, fecha_parada: wall(stop), fecha_puesta_marcha: null,
    fecha_apertura_ot: wall(opts.opened), fecha_cierre_ot: null, horometro_parada: hm, horometro_puesta_marcha: null, horometro_apertura_ot: hm,
    horometro_cierre_ot: null, kilometraje: null, tercero_ruc: '', tercero_razon_social: '', id_operador: rng.pick(site.operadores),
    id_mecanico: rng.pick(site.mecanicos), id_supervisor: supervisor, sin_productos: 0,
    // Issue 19: three in ten preventive, one in ten MCD, the rest corrective; from the id, so the
    // generator's draws (and every figure the tests read from the demo) stay as they were.
    id_tipo_mantenimiento: opts.id % 10 < 3 ? 1 : opts.id % 10 === 9 ? 3 : 2,
  };
  const element = () => rng.pick(ctx.elements);
  const workLine = (texts: string[]): WorkLine => {
    const el = element();
    return { id: 0, id_grupo_funcional: el.id_grupo_funcional, id_grupo_funcional_elemento: el.id, descripcion: rng.pick(texts), horas: rng.int(0, 6), minutos: rng.pick([0, 15, 30, 45]), observacion: rng.pick(OBSERVACIONES) };
  };
  const lines: LinesInput = { diagnosticos: [], intervenciones: [], productos_solicitados: [], documentos: [] };
  if (ctx.elements.length) {
    for (let i = rng.int(1, 2); i > 0; i--) lines.diagnosticos.push(workLine(DIAGNOSTICOS));
    for (let i = rng.int(1, 2); i > 0; i--) lines.intervenciones.push(workLine(INTERVENCIONES));
    if (ctx.materials.length && rng.next() < 0.75) {
      for (let i = rng.int(1, 3); i > 0; i--) {
        const m = rng.pick(ctx.materials);
        const el = element();
        lines.productos_solicitados.push({
          id: 0, id_grupo_funcional: el.id_grupo_funcional, id_grupo_funcional_elemento: el.id, descripcion: m.nombre, id_unidad: m.id_unidad, id_material: m.id,
          codigo_material: m.codigo, id_material_tipo: m.id_material_tipo, solicitud_material: 0, cantidad_solicitada_por_tecnico: rng.int(1, 8), ...NEW_PART_FIELDS,
        } satisfies PartLine);
      }
    } else header.sin_productos = 1;
  }
  const openedAt = new Date(opts.opened.getTime() + rng.int(5, 90) * 60_000);
  if (openedAt > opts.now) return 0;
  const order = start(opts.id);
  const run = (command: WorkOrderCommand, at: Date, userId: number) => order.decide(command, { occurredAt: at, metadata: { userId } });
  const newIds = (n: number) => Array.from({ length: n }, () => opts.nextLineId());
  const count = lines.diagnosticos.length + lines.intervenciones.length + lines.productos_solicitados.length;
  type Save = Extract<WorkOrderCommand, { type: 'SaveWorkOrder' }>;
  const save = (h: Header, l: LinesInput, terminado: boolean, firmas = { operador: 0 as 0 | 1, mecanico: 0 as 0 | 1, supervisor: 0 as 0 | 1 }): Save => ({
    type: 'SaveWorkOrder', id: opts.id, codigo: opts.codigo(site.id), header: h, firmas, lines: l, terminado, rechazado_id: null, newLineIds: newIds(count), allowedUnits: {}, actor,
  });
  run(save(header, lines, false), openedAt, supervisor);
  const roll = rng.next();
  const hoursOpen = rng.int(2, 120);
  const closeAt = new Date(openedAt.getTime() + hoursOpen * 3_600_000);
  if (closeAt > opts.now || roll < 0.12) return 1; // still open
  if (roll < 0.17) {
    run({ type: 'CancelWorkOrder', actor: admin }, closeAt, admin.id);
    return 1;
  }
  // Scale data: the site warehouse attends most Pedidos from its stock while the order is open
  // (traceability's milestone 2); the demo's orders keep their story (no draw without a share).
  if (opts.attendShare && !header.sin_productos && rng.next() < opts.attendShare) {
    const by = ctx.storekeeper ?? supervisor;
    const covered = Object.values(order.state.lines.productos_solicitados).map((l) => ({ ...l, cantidad_en_almacen_obra: Number(l.cantidad_solicitada_por_tecnico) }));
    const at = new Date(openedAt.getTime() + Math.floor(hoursOpen * 3_600_000 * (0.1 + 0.5 * rng.next())));
    run({ type: 'SaveSiteOrder', lines: covered, terminado: true, allowedUnits: {}, stockAvailable: {}, by }, at, by);
  }
  const closed: Header = {
    ...header, fecha_puesta_marcha: wall(new Date(closeAt.getTime() - rng.int(10, 60) * 60_000)), fecha_cierre_ot: wall(closeAt),
    horometro_puesta_marcha: hm + Math.round(rng.int(0, 30)) / 10, horometro_cierre_ot: hm + Math.round(rng.int(0, 30)) / 10,
  };
  const unchanged: LinesInput = {
    diagnosticos: Object.values(order.state.lines.diagnosticos), intervenciones: Object.values(order.state.lines.intervenciones),
    productos_solicitados: header.sin_productos ? [] : Object.values(order.state.lines.productos_solicitados), documentos: [],
  };
  const signed = { operador: 1 as const, mecanico: 1 as const, supervisor: 1 as const };
  run({ ...save(closed, unchanged, true, signed), newLineIds: [] }, closeAt, supervisor);

  // A few closed orders are replicated (seed 001 §4): the original records the replica, which
  // opens the next working day as a new order naming it (rechazado_id), with the same lines.
  const replicaAt = new Date(closeAt.getTime() + rng.int(18, 40) * 3_600_000);
  if (!opts.replicaId || rng.next() > 0.04 || replicaAt > opts.now) return 1;
  const replicaId = opts.replicaId();
  run({ type: 'MarkReplicated', id_replica: replicaId, actor }, replicaAt, supervisor);
  const replicaLines: LinesInput = {
    diagnosticos: unchanged.diagnosticos.map((l) => ({ ...l, id: 0 })), intervenciones: unchanged.intervenciones.map((l) => ({ ...l, id: 0 })),
    productos_solicitados: unchanged.productos_solicitados.map((l) => ({ ...l, id: 0 })), documentos: [],
  };
  const n = replicaLines.diagnosticos.length + replicaLines.intervenciones.length + replicaLines.productos_solicitados.length;
  const replicaHeader: Header = { ...header, fecha_parada: wall(replicaAt), fecha_apertura_ot: wall(replicaAt) };
  start(replicaId).decide(
    { ...save(replicaHeader, replicaLines, false), id: replicaId, codigo: opts.codigo(site.id), rechazado_id: opts.id, newLineIds: newIds(n) },
    { occurredAt: replicaAt, metadata: { userId: supervisor } },
  );
  return 2;
}

/** Writes `count` orders opened between `from` and `now`, `batch` orders per command. */
export async function writeWorkOrders(store: EventStore, ctx: WorkOrderContext, opts: { count: number; from: Date; now: Date; seed: number; batch?: number; attendShare?: number; onProgress?: (done: number) => void }): Promise<{ orders: number; events: number }> {
  if (!ctx.sites.length) return { orders: 0, events: 0 };
  const rng = prng(opts.seed);
  const batch = opts.batch ?? 200;
  const span = opts.now.getTime() - opts.from.getTime();
  // Opening times spread evenly over the period (sorted, so codes follow time), working hours.
  const times = Array.from({ length: opts.count }, () => {
    const d = new Date(opts.from.getTime() + rng.next() * span);
    d.setUTCHours(rng.int(7, 17), rng.pick([0, 10, 20, 30, 40, 50]), 0, 0);
    return d;
  }).sort((a, b) => a.getTime() - b.getTime());
  const codeCounters = new Map<number, number>();
  const existing = await store.sql<{ id_obra: number; last: number }[]>`SELECT id_obra, last FROM ot_site_counters`;
  for (const r of existing) codeCounters.set(r.id_obra, r.last);
  const siteCodes = new Map(ctx.sites.map((s) => [s.id, s.codigo]));
  let events = 0;
  let orders = 0;
  for (let start = 0; start < times.length; start += batch) {
    const slice = times.slice(start, start + batch);
    // One command per batch: every order's stream started in it, one append round trip.
    const r = await execute(store, async (c) => {
      // Room for a replica per order and 14 lines per order (7 on the order, 7 on a replica).
      const orderIds = await c.nextIds('work_order', slice.length * 2);
      const lineIds = await c.nextIds('work_order_line', slice.length * 14);
      let o = 0;
      let l = 0;
      let opened = 0;
      for (const at of slice) {
        opened += planWorkOrder(rng, ctx, (id) => c.start(workOrders, id), {
          id: orderIds[o++],
          opened: at,
          now: opts.now,
          codigo: (siteId) => {
            const n = (codeCounters.get(siteId) ?? 0) + 1;
            codeCounters.set(siteId, n);
            return `${siteCodes.get(siteId)}-OT-${String(n).padStart(6, '0')}`;
          },
          replicaId: () => orderIds[o++],
          attendShare: opts.attendShare,
          nextLineId: () => {
            if (l >= lineIds.length) throw new Error('line ids exhausted');
            return lineIds[l++];
          },
        });
      }
      // Give back the ids the batch did not use (the counters stay locked until commit), so ids stay dense.
      await c.tx`UPDATE es_id_counters SET last_id = ${orderIds[0] - 1 + o} WHERE name = 'work_order'`;
      await c.tx`UPDATE es_id_counters SET last_id = ${lineIds[0] - 1 + l} WHERE name = 'work_order_line'`;
      for (const [id_obra, last] of codeCounters) {
        await c.tx`INSERT INTO ot_site_counters (id_obra, last) VALUES (${id_obra}, ${last}) ON CONFLICT (id_obra) DO UPDATE SET last = GREATEST(ot_site_counters.last, ${last})`;
      }
      return opened;
    }, { metadata: { requestId: 'demo-data' } });
    orders += r.value;
    events += r.events.length;
    opts.onProgress?.(Math.min(start + batch, times.length));
  }
  return { orders, events };
}

