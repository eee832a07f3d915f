import { businessToday } from '@shared/time';
import type { EventStore } from '../../../events/store';
import { prng, type Prng } from '../prng';
import { loadWorkOrderContext, type WorkOrderContext } from '../work-orders/work-order-context';
import { CORRECTIVE_PARTS, PM_KIT, ROLLER_PARTS, siteAdditions, STORY_MACHINE, STORY_SITE, storyQuarters, storyUnitPrice, type Quarter } from './story-plan';
import { writeStoryOrders, type StoryOrder } from './write-story-orders';

const DAY = 86_400_000;

const PM = ['Mantenimiento preventivo PM 250 h', 'Mantenimiento preventivo PM 500 h', 'Mantenimiento preventivo PM 1000 h'];
const PM_WORK = ['Cambio de aceite y filtros', 'Lavado y engrase general', 'Cambio de filtros y revisión de niveles'];
const FAILURES = ['Rotura de manguera de alta presión', 'Falla del alternador, batería no carga', 'Presión hidráulica baja en implementos', 'Fuga de refrigerante en radiador', 'Motor no arranca', 'Ruido anormal en mando final'];
const REPAIRS = ['Cambio de manguera hidráulica', 'Reparación de alternador', 'Cambio de sellos del cilindro', 'Cambio de bomba de agua', 'Cambio de rodamientos'];
const ROLLER_FAILURES = ['Vibración excesiva en rodillo', 'Amortiguadores del tambor rotos', 'Fuga de aceite en motor de vibración', 'Rodamiento del tambor con ruido', 'Recalentamiento del motor'];
const ROLLER_REPAIRS = ['Cambio de amortiguadores del tambor', 'Cambio de rodamientos del excéntrico', 'Cambio de mangueras del circuito de vibración', 'Cambio de bomba de agua', 'Reparación de alternador'];
const DAMAGE = ['Golpe contra talud, daño en bastidor', 'Manguera cortada por roca', 'Faro y cabina dañados por maniobra'];

type Site = WorkOrderContext['sites'][number];
type Machine = Site['equipos'][number];

/**
 * The demo year's story in the reports (issue 19; README "The demo's story in the reports"): parts issued to the
 * fleet's orders over the last twelve months, so every cost chart of the KPI and profitability
 * reports has figures, and two stories in them:
 * - every machine gets a preventive order with its filter and oil kit every other quarter, and
 *   some a corrective (MC) or damage (MCD) order with parts;
 * - STORY_MACHINE loses money: besides working few of its shifts (its hour-meter logs), it breaks
 *   down one to three times a month and its repairs take costly parts;
 * - STORY_SITE's preventive share rises quarter after quarter and its MTBF improves: its
 *   machines get none of the fleet's kits; the site gets the preventive and corrective orders
 *   `siteAdditions` works out from what the work-order demo left it.
 * Through the real deciders, back-dated (writeStoryOrders), deterministic (seeded) for a given
 * day. Runs after the work-order demo, before the warehouses' demos. Loaded once.
 */
export async function loadStoryData(store: EventStore, now = new Date()): Promise<{ historia: { ordenes: number; repuestos: number } }> {
  const none = { historia: { ordenes: 0, repuestos: 0 } };
  const { sql } = store;
  const [done] = await sql`SELECT 1 FROM rm_stock_movimientos WHERE motivo = 'salida' LIMIT 1`;
  if (done) return none;
  const ctx = await loadWorkOrderContext(sql);
  const keeper = ctx.storekeeper;
  if (!keeper || !ctx.sites.length || !ctx.elements.length || !ctx.materials.length) return none;
  const codes = new Map((await sql<{ id: number; codigo: string }[]>`SELECT id::int, codigo FROM rm_equipos`).map((r) => [r.id, r.codigo]));
  const quarters = storyQuarters(businessToday(now));
  // Every order opens at least three days before now, so it is closed by now.
  const latest = Date.parse(`${businessToday(new Date(now.getTime() - 3 * DAY))}T00:00:00Z`);
  const kit = ctx.materials.filter((m) => PM_KIT.test(m.nombre));
  const corrective = ctx.materials.filter((m) => CORRECTIVE_PARTS.test(m.nombre));
  const roller = ctx.materials.filter((m) => ROLLER_PARTS.test(m.nombre));

  const draw = (r: Prng, site: Site, equipo: Machine, tipo: 1 | 2 | 3, window: Quarter, parts: StoryOrder['parts'], texts: [string[], string[]], parada: number): StoryOrder | null => {
    const start = Date.parse(`${window.from}T00:00:00Z`);
    const end = Math.min(Date.parse(`${window.to}T00:00:00Z`) + DAY, latest);
    if (end <= start) return null;
    const opened = new Date(start + Math.floor(r.next() * ((end - start) / DAY)) * DAY + r.int(7, 12) * 3_600_000 + r.pick([0, 10, 20, 30, 40, 50]) * 60_000);
    return {
      site, equipo, tipo, opened, diagnostico: r.pick(texts[0]), intervencion: r.pick(texts[1]), element: r.pick(ctx.elements), parts, parada,
      minutes: [r.int(5, 90), r.int(5, 60), r.int(30, 120)], supervisor: r.pick(site.supervisores), operador: r.pick(site.operadores), mecanico: r.pick(site.mecanicos),
    };
  };
  const pick = (r: Prng, from: WorkOrderContext['materials'], lines: number, qty: (nombre: string) => number): StoryOrder['parts'] => {
    const chosen = new Map<number, WorkOrderContext['materials'][number]>();
    for (let i = 0; i < lines && from.length; i++) {
      const m = r.pick(from);
      chosen.set(m.id, m);
    }
    return [...chosen.values()].map((m) => ({ material: m, cantidad: qty(m.nombre), precio: storyUnitPrice(m.codigo, m.nombre) }));
  };
  const pmKit = (r: Prng) => pick(r, kit, r.int(2, 3), (n) => (/^(Aceite|Refrigerante)/.test(n) ? r.int(2, 5) : r.int(1, 2)));
  const repairParts = (r: Prng) => pick(r, corrective, r.int(1, 2), () => r.int(1, 2));
  const year: Quarter = { from: quarters[0].from, to: quarters[3].to };

  // 1. The fleet: a kit every other quarter, now and then a repair with parts.
  const orders: StoryOrder[] = [];
  const storySite = ctx.sites.find((s) => s.codigo === STORY_SITE);
  for (const site of ctx.sites) {
    if (site === storySite) continue;
    for (const equipo of site.equipos) {
      const r = prng(2_026_019 + equipo.id);
      // Every other quarter, half the fleet one quarter and half the next: each quarter has kits.
      for (const [k, q] of quarters.entries()) {
        if ((k + equipo.id) % 2) continue;
        const o = draw(r, site, equipo, 1, q, pmKit(r), [PM, PM_WORK], r.int(3, 8));
        if (o) orders.push(o);
      }
      if (codes.get(equipo.id) === STORY_MACHINE) continue;
      if (r.next() < 0.5) {
        const o = draw(r, site, equipo, 2, year, repairParts(r), [FAILURES, REPAIRS], r.int(6, 30));
        if (o) orders.push(o);
      }
      if (r.next() < 0.25) {
        const o = draw(r, site, equipo, 3, year, repairParts(r), [DAMAGE, REPAIRS], r.int(8, 40));
        if (o) orders.push(o);
      }
    }
  }

  // 2. The losing machine: one to three breakdowns a month, costly repairs.
  for (const site of ctx.sites) {
    for (const equipo of site.equipos.filter((e) => codes.get(e.id) === STORY_MACHINE)) {
      const r = prng(2_026_004 + equipo.id);
      for (const q of quarters) {
        for (let month = 0; month < 3; month++) {
          const from = monthShift(q.from, month);
          const window = { from, to: monthEnd(from) };
          for (let k = r.int(1, 3); k > 0; k--) {
            const parts = pick(r, roller, r.int(2, 3), (n) => (/^Amortiguador/.test(n) ? r.int(4, 8) : r.int(1, 2)));
            const o = draw(r, site, equipo, r.next() < 0.8 ? 2 : 3, window, parts, [ROLLER_FAILURES, ROLLER_REPAIRS], r.int(8, 48));
            if (o) orders.push(o);
          }
        }
      }
    }
  }
  const fleet = await writeStoryOrders(store, ctx, orders, { keeper });

  // 3. The site whose preventive share rises: what each quarter needs, from what it holds now.
  let site = { ordenes: 0, repuestos: 0 };
  if (storySite?.equipos.length) {
    const figures = [];
    for (const q of quarters) {
      const [o] = await sql<{ mp: number; correctivas: number }[]>`
        SELECT count(*) FILTER (WHERE id_tipo_mantenimiento = 1)::int AS mp, count(*) FILTER (WHERE id_tipo_mantenimiento IN (2, 3))::int AS correctivas
          FROM rm_ordenes_trabajo WHERE id_obra = ${storySite.id} AND estado <> 2 AND fecha_apertura_ot >= ${q.from}::date AND fecha_apertura_ot < ${q.to}::date + 1`;
      const [h] = await sql<{ horas: number }[]>`
        SELECT coalesce(sum(h_fin - h_inicio), 0)::float8 AS horas FROM rm_horometros WHERE id_obra = ${storySite.id} AND estado = 1 AND fecha BETWEEN ${q.from}::date AND ${q.to}::date`;
      figures.push({ ...o, horas: h.horas });
    }
    const additions = siteAdditions(figures);
    const r = prng(2_026_005);
    const siteOrders: StoryOrder[] = [];
    let turn = 0;
    const next = () => storySite.equipos[turn++ % storySite.equipos.length];
    for (const [i, q] of quarters.entries()) {
      for (let k = 0; k < additions[i].mp; k++) {
        const o = draw(r, storySite, next(), 1, q, pmKit(r), [PM, PM_WORK], r.int(3, 8));
        if (o) siteOrders.push(o);
      }
      for (let k = 0; k < additions[i].correctivas; k++) {
        // Before the plan took hold, repairs took parts; later ones are mostly adjustments.
        const o = draw(r, storySite, next(), r.next() < 0.8 ? 2 : 3, q, i < 2 && r.next() < 0.6 ? repairParts(r) : [], [FAILURES, REPAIRS], r.int(6, 30));
        if (o) siteOrders.push(o);
      }
    }
    site = await writeStoryOrders(store, ctx, siteOrders, { keeper });
  }
  return { historia: { ordenes: fleet.ordenes + site.ordenes, repuestos: Math.round((fleet.repuestos + site.repuestos) * 100) / 100 } };
}

/** 'YYYY-MM-01' plus `months`. */
function monthShift(first: string, months: number): string {
  const index = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

/** The last day of the month of 'YYYY-MM-01'. */
function monthEnd(first: string): string {
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  return `${first.slice(0, 8)}${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}
