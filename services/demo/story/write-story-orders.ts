import { execute, type DecisionStamp } from '../../../events/execute';
import type { StockKey } from '../../../events/stock/types';
import type { EventStore } from '../../../events/store';
import { NEW_PART_FIELDS, workOrders } from '../../../events/work-order/decider';
import type { Header, LinesInput, PartLine, WorkLine } from '../../../events/work-order/types';
import { stockCode, stockMoves } from '../../api/stock/stock-moves';
import { stamped } from '../scale/stock-movements';
import type { WorkOrderContext } from '../work-orders/work-order-context';

const HOUR = 3_600_000;

type Material = WorkOrderContext['materials'][number];

/** One order of the story, its whole life decided up front: opened, its parts (if any) found in
 * the site's warehouse and issued to it, closed once the machine runs again. */
export type StoryOrder = {
  site: WorkOrderContext['sites'][number];
  equipo: WorkOrderContext['sites'][number]['equipos'][number];
  /** 1 MP, 2 MC, 3 MCD. */
  tipo: 1 | 2 | 3;
  /** Opening, as the site's wall clock (UTC fields), like the work-order generator's. */
  opened: Date;
  diagnostico: string;
  intervencion: string;
  element: { id: number; id_grupo_funcional: number };
  parts: { material: Material; cantidad: number; precio: number }[];
  /** Hours from the stop to the restart. */
  parada: number;
  /** Minutes between steps (a draw per order, so a plan reads the same every time). */
  minutes: [number, number, number];
  supervisor: number;
  operador: number;
  mecanico: number;
};

/** 'YYYY-MM-DD HH:mm' of a Date's UTC fields. */
const wall = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/**
 * Writes the story's orders through the real deciders, `batch` orders per command, in time order:
 * each opened by its site's supervisor (SaveWorkOrder), its Pedido attended by the site storekeeper
 * from site stock (SaveSiteOrder) and its parts issued with an exit voucher (IssueParts), the stock
 * ledger recording the stock found on site (stock_declarado, at the part's price) and its exit
 * (salida, at the balance's average), then closed and signed. Every decision is back-dated to its
 * step. Returns the orders and parts' cost written.
 */
export async function writeStoryOrders(store: EventStore, ctx: WorkOrderContext, orders: StoryOrder[], opts: { keeper: number; batch?: number }): Promise<{ ordenes: number; repuestos: number }> {
  const sorted = [...orders].sort((a, b) => a.opened.getTime() - b.opened.getTime() || a.equipo.id - b.equipo.id);
  const batch = opts.batch ?? 80;
  const counters = new Map((await store.sql<{ id_obra: number; last: number }[]>`SELECT id_obra::int, last::int FROM ot_site_counters`).map((r) => [r.id_obra, r.last]));
  let cost = 0;
  for (let from = 0; from < sorted.length; from += batch) {
    const slice = sorted.slice(from, from + batch);
    await execute(store, async (raw) => {
      const clock: { stamp: DecisionStamp } = { stamp: {} };
      const c = stamped(raw, clock);
      const moves = stockMoves(c);
      const keys: StockKey[] = slice.flatMap((o) => o.parts.map((p) => ({ almacen: 'obra' as const, id_obra: o.site.id, codigo: stockCode(p.material.codigo, p.material.id) })));
      await moves.lock(keys);
      const orderIds = await c.nextIds('work_order', slice.length);
      const lineIds = await c.nextIds('work_order_line', slice.reduce((n, o) => n + 2 + o.parts.length, 0));
      const issueIds = await c.nextIds('site_issue', slice.filter((o) => o.parts.length).length);
      for (const [k, o] of slice.entries()) {
        const id = orderIds[k];
        const n = (counters.get(o.site.id) ?? 0) + 1;
        counters.set(o.site.id, n);
        const codigo = `${o.site.codigo}-OT-${String(n).padStart(6, '0')}`;
        const actor = { id: o.supervisor, roleId: 15, canCreateRequest: false };
        const stop = new Date(o.opened.getTime() - o.minutes[0] * 60_000);
        const openedAt = new Date(o.opened.getTime() + o.minutes[1] * 60_000);
        const hm = o.equipo.horometro;
        const header: Header = {
          id_obra: o.site.id, id_equipo: o.equipo.id, placa_equipo: o.equipo.placa, serie_equipo: o.equipo.serie, fecha_parada: wall(stop), fecha_puesta_marcha: null,
          fecha_apertura_ot: wall(o.opened), fecha_cierre_ot: null, horometro_parada: hm, horometro_puesta_marcha: null, horometro_apertura_ot: hm, horometro_cierre_ot: null,
          kilometraje: null, tercero_ruc: '', tercero_razon_social: '', id_operador: o.operador, id_mecanico: o.mecanico, id_supervisor: o.supervisor,
          sin_productos: o.parts.length ? 0 : 1, id_tipo_mantenimiento: o.tipo,
        };
        const work = (descripcion: string): WorkLine => ({
          id: 0, id_grupo_funcional: o.element.id_grupo_funcional, id_grupo_funcional_elemento: o.element.id, descripcion, horas: Math.min(6, Math.ceil(o.parada / 2)), minutos: 0, observacion: '',
        });
        const lines: LinesInput = {
          diagnosticos: [work(o.diagnostico)], intervenciones: [work(o.intervencion)], documentos: [],
          productos_solicitados: o.parts.map((p) => ({
            id: 0, id_grupo_funcional: o.element.id_grupo_funcional, id_grupo_funcional_elemento: o.element.id, descripcion: p.material.nombre, id_unidad: p.material.id_unidad,
            id_material: p.material.id, codigo_material: p.material.codigo, id_material_tipo: p.material.id_material_tipo, solicitud_material: 0,
            cantidad_solicitada_por_tecnico: p.cantidad, ...NEW_PART_FIELDS,
          } satisfies PartLine)),
        };
        const newLineIds = lineIds.splice(0, 2 + o.parts.length);
        const order = c.start(workOrders, id);
        const bySupervisor = (at: Date) => ({ occurredAt: at, metadata: { userId: o.supervisor } });
        order.decide({
          type: 'SaveWorkOrder', id, codigo, header, firmas: { operador: 0, mecanico: 0, supervisor: 0 }, lines, terminado: false, rechazado_id: null, newLineIds, allowedUnits: {}, actor,
        }, bySupervisor(openedAt));
        let last = openedAt.getTime();
        if (o.parts.length) {
          // The storekeeper finds every part on site and issues it to the mechanics.
          const keeper: DecisionStamp = { occurredAt: new Date(last + o.minutes[2] * 60_000), metadata: { userId: opts.keeper } };
          const partLines = Object.values(order.state.lines.productos_solicitados);
          order.decide({
            type: 'SaveSiteOrder', lines: partLines.map((l) => ({ ...l, cantidad_en_almacen_obra: Number(l.cantidad_solicitada_por_tecnico) })), terminado: true, allowedUnits: {}, stockAvailable: {}, by: opts.keeper,
          }, keeper);
          const idSalida = issueIds.shift()!;
          const vale = `VS-${String(idSalida).padStart(7, '0')}`;
          const issuedAt: DecisionStamp = { occurredAt: new Date(last + (o.minutes[2] + 30) * 60_000), metadata: { userId: opts.keeper } };
          order.decide({ type: 'IssueParts', idSalida, vale, salidas: partLines.map((l, index) => ({ line_id: l.id, cantidad: Number(l.cantidad_solicitada_por_tecnico), index })), by: opts.keeper }, issuedAt);
          clock.stamp = issuedAt;
          for (const [i, l] of partLines.entries()) {
            const p = o.parts[i];
            const key = { almacen: 'obra' as const, id_obra: o.site.id, codigo: stockCode(p.material.codigo, p.material.id) };
            const at = { id_material: p.material.id, descripcion: p.material.nombre, id_linea: l.id, id_orden_trabajo: id, by: opts.keeper, key };
            await moves.move({ ...at, motivo: 'stock_declarado', cantidad: p.cantidad, costo_unitario: p.precio, documento: { tipo: 'salida_obra', id: idSalida, referencia: '' } });
            const out = await moves.move({ ...at, motivo: 'salida', cantidad: -p.cantidad, costo_unitario: null, documento: { tipo: 'salida_obra', id: idSalida, referencia: vale } });
            cost += p.cantidad * out.costo_unitario;
          }
          last = issuedAt.occurredAt!.getTime();
        }
        // Running again `parada` hours after the stop (never before the parts were issued), closed soon after.
        const restart = new Date(Math.max(stop.getTime() + o.parada * HOUR, last + 30 * 60_000));
        const closeAt = new Date(restart.getTime() + (30 + o.minutes[0]) * 60_000);
        const closed: Header = { ...header, fecha_puesta_marcha: wall(restart), fecha_cierre_ot: wall(closeAt), horometro_puesta_marcha: hm, horometro_cierre_ot: hm };
        const state = order.state;
        order.decide({
          type: 'SaveWorkOrder', id, codigo, header: closed, firmas: { operador: 1, mecanico: 1, supervisor: 1 },
          lines: { diagnosticos: Object.values(state.lines.diagnosticos), intervenciones: Object.values(state.lines.intervenciones), productos_solicitados: Object.values(state.lines.productos_solicitados), documentos: [] },
          terminado: true, rechazado_id: null, newLineIds: [], allowedUnits: {}, actor,
        }, bySupervisor(closeAt));
      }
      for (const [id_obra, last] of counters) {
        await c.tx`INSERT INTO ot_site_counters (id_obra, last) VALUES (${id_obra}, ${last}) ON CONFLICT (id_obra) DO UPDATE SET last = GREATEST(ot_site_counters.last, ${last})`;
      }
    }, { metadata: { requestId: 'demo-story' } });
  }
  return { ordenes: sorted.length, repuestos: Math.round(cost * 100) / 100 };
}
