import fc from 'fast-check';
import { addDays } from '../../shared/pm-forecast';
import { businessToday } from '../../shared/time';
import { Violation, type Model, type Profile, type World, type WorldPlan } from './chain-world';

// The simulated month beyond the purchase chain (issue 28, seeds 000-001): hour-meter logs, PM
// plans, new catalogue materials and renames of the masters the chain uses, as the demo profiles,
// valid and invalid. Their state lives in the World (it outlasts one history: the machines' meters,
// plans and masters are the database's, not one run's), and `checkMasterInvariants` compares it
// with the tables and the screens after every step. Every step is deterministic: log slots are
// counted, not read from the clock.

type Cmd = fc.AsyncCommand<Model, World, false>;
const json = (x: unknown) => JSON.stringify(x);
const round2 = (x: number) => Math.sign(x) * Math.round(Math.abs(x) * 100) / 100;

/** The first day of the machines' logs: slot n of a machine is day n ÷ 2 after it, shift n mod 2 + 1. */
const LOG_EPOCH = '2024-01-01';
const slotOf = (n: number) => ({ fecha: addDays(LOG_EPOCH, Math.floor(n / 2)), id_tipo_turno: (n % 2) + 1 });

export type LogKind = 'valid' | 'below' | 'endBeforeStart' | 'notInteger' | 'tooLong' | 'future' | 'lateShift' | 'noFlag' | 'sameShift';

/** Admin or root (exempt from the registration window) records a machine's next shift log, its
 * meter going on from the current one by `hours`; or a log the product refuses (a reading below the
 * machine's current meter, fields out of the rules, a shift already logged, a closed window for
 * the fleet chief or the assistant, no flag for the mechanic). */
export class HourMeterLog implements Cmd {
  constructor(readonly machine: number, readonly kind: LogKind, readonly hours: number) {}
  check = () => true;
  async run(_model: Model, w: World) {
    const i = this.machine % w.machines.length;
    const meter = w.meters[i];
    const current = w.expectedMeter(i) ?? 0;
    const next = slotOf(meter.slot);
    const today = businessToday(new Date());
    const body = (o: Record<string, unknown> = {}) => ({ json: { id: 0, id_equipo: w.machines[i], ...next, h_inicio: current, h_fin: current + this.hours, confirmar_horometro: 1, ...o } });
    const refused = (as: Profile, o: Record<string, unknown>) => w.refused(as, 'POST', '/horometros/create', body(o));
    switch (this.kind) {
      case 'valid': {
        if (next.fecha >= addDays(today, -2)) return; // the slots ran out (a very long soak)
        await w.ok(this.hours % 3 === 0 ? 'root' : 'admin', 'POST', '/horometros/create', body());
        meter.reading = Math.max(meter.reading ?? 0, current + this.hours);
        meter.last = meter.slot;
        meter.slot += 1;
        return;
      }
      case 'below': {
        // Issue 20: the newest log may not take the meter back (a meter that is only the machine's
        // registered reading is a warning the form confirms, not a refusal).
        if (meter.reading === null || (meter.equipo !== null && meter.equipo >= meter.reading) || current < 1) return;
        const hFin = current - 1 - (this.hours % Math.max(1, current));
        await refused('admin', { h_inicio: Math.max(0, hFin - 3), h_fin: hFin });
        return;
      }
      case 'endBeforeStart':
        await refused('admin', { h_inicio: current + this.hours + 1, h_fin: current + this.hours });
        return;
      case 'notInteger':
        await refused('admin', { h_fin: `${current + this.hours}.5` });
        return;
      case 'tooLong':
        await refused('admin', { h_fin: current + 13 + this.hours });
        return;
      case 'future':
        await refused('admin', { fecha: addDays(today, 1 + this.hours) });
        return;
      case 'lateShift':
        // The fleet chief and the assistant carry the flag but not the exemption: a shift of months
        // ago is closed to them.
        await refused(this.hours % 2 ? 'jefe' : 'asistente', {});
        return;
      case 'noFlag':
        await refused('mecanico', {});
        return;
      case 'sameShift':
        if (meter.last !== null) await refused('admin', slotOf(meter.last));
        return;
    }
  }
  toString = () => `new HourMeterLog(${this.machine}, ${json(this.kind)}, ${this.hours})`;
}

const MAX_PLANS = 3;

export type PlanKind = 'newHours' | 'newDays' | 'edit' | 'zeroInterval' | 'unknownPart' | 'noName' | 'supervisor';

/** The fleet chief creates a machine's own PM plan (by hours or days) or changes one (interval and
 * last service); or saves one the product refuses (no interval, an unknown part, no name, a
 * profile that only sees the board). */
export class PmPlan implements Cmd {
  constructor(readonly machine: number, readonly kind: PlanKind, readonly n: number) {}
  check = () => true;
  async run(_model: Model, w: World) {
    const i = this.machine % w.machines.length;
    const plans = w.plans[i];
    const material = w.materials[this.n % w.materials.length];
    const meter = w.expectedMeter(i) ?? 0;
    const today = businessToday(new Date());
    const hours = (): Omit<WorldPlan, 'id_plan'> => {
      const intervalo = 250 * (1 + (this.n % 4));
      return { nombre: `Servicio ${intervalo} h`, unidad: 'horas', intervalo, ultimo_valor: this.n % 2 ? null : Math.max(0, meter - 100 * (this.n % 3)), ultima_fecha: null, codigo: material.codigo };
    };
    const days = (): Omit<WorldPlan, 'id_plan'> => {
      const intervalo = 30 * (1 + (this.n % 3));
      return { nombre: `Revisión cada ${intervalo} días`, unidad: 'dias', intervalo, ultimo_valor: null, ultima_fecha: this.n % 2 ? null : addDays(today, -5 * this.n), codigo: material.codigo };
    };
    const body = (id_plan: number | null, p: Omit<WorldPlan, 'id_plan'>, o: Record<string, unknown> = {}) => ({ json: {
      id_equipo: w.machines[i], id_plan, nombre: p.nombre, unidad: p.unidad, intervalo: p.intervalo, intervenciones: ['Cambio de aceite y filtros'],
      productos: [{ codigo: p.codigo, cantidad: 1 + (this.n % 3) }], activo: 1, ultimo_valor: p.ultimo_valor, ...(p.ultima_fecha ? { ultima_fecha: p.ultima_fecha } : {}), ...o,
    } });
    const path = '/mantenimiento_preventivo/planes/create';
    const save = async (id_plan: number | null, p: Omit<WorldPlan, 'id_plan'>) => {
      const reply = await w.ok('jefe', 'POST', path, body(id_plan, p));
      const items = reply.items as { id_plan: number; unidad: string; intervalo: number; ultimo_valor: number | null; ultima_fecha: string | null }[];
      const saved = id_plan === null ? items.filter((x) => x.id_plan > 0 && !plans.has(x.id_plan)).sort((a, b) => b.id_plan - a.id_plan)[0] : items.find((x) => x.id_plan === id_plan);
      if (!saved) throw new Violation(`machine ${w.machines[i]}: the saved plan is not among its plans ${json(items.map((x) => x.id_plan))}`);
      if (saved.unidad !== p.unidad || saved.intervalo !== p.intervalo || saved.ultimo_valor !== p.ultimo_valor || (p.ultima_fecha && saved.ultima_fecha?.slice(0, 10) !== p.ultima_fecha)) {
        throw new Violation(`machine ${w.machines[i]}, plan ${saved.id_plan}: saved ${json(saved)}, sent ${json(p)}`);
      }
      plans.set(saved.id_plan, { ...p, id_plan: saved.id_plan, ultima_fecha: saved.ultima_fecha ? saved.ultima_fecha.slice(0, 10) : null });
    };
    // A machine keeps a few plans: the oldest is removed before a fourth (and leaves the board).
    const room = async () => {
      const oldest = [...plans.keys()].sort((a, b) => a - b)[0];
      if (plans.size < MAX_PLANS) return;
      const reply = await w.ok('jefe', 'POST', '/mantenimiento_preventivo/planes/remove', { json: { id_equipo: w.machines[i], id_plan: oldest } });
      if ((reply.items as { id_plan: number }[]).some((x) => x.id_plan === oldest)) throw new Violation(`machine ${w.machines[i]}: plan ${oldest} removed but still listed`);
      plans.delete(oldest);
      w.removedPlans[i].add(oldest);
    };
    switch (this.kind) {
      case 'newHours':
        await room();
        return save(null, hours());
      case 'newDays':
        await room();
        return save(null, days());
      case 'edit': {
        const mine = [...plans.values()];
        if (!mine.length) return;
        const plan = mine[this.n % mine.length];
        const changed = plan.unidad === 'horas' ? hours() : days();
        // A days plan keeps its last service day unless one is given.
        return save(plan.id_plan, { ...changed, ultima_fecha: changed.ultima_fecha ?? plan.ultima_fecha });
      }
      case 'zeroInterval':
        await w.refused('jefe', 'POST', path, body(null, { ...hours(), intervalo: 0 }));
        return;
      case 'unknownPart':
        await w.refused('jefe', 'POST', path, body(null, { ...hours(), codigo: `NO-EXISTE-${this.n}` }));
        return;
      case 'noName':
        await w.refused('jefe', 'POST', path, body(null, { ...hours(), nombre: '' }));
        return;
      case 'supervisor':
        await w.refused('supervisor', 'POST', path, body(null, hours()));
        return;
    }
  }
  toString = () => `new PmPlan(${this.machine}, ${json(this.kind)}, ${this.n})`;
}

export type MaterialKind = 'valid' | 'duplicate' | 'noType' | 'blank' | 'notAdmin';

/** Admin creates a catalogue material of the world's type, which later orders then ask for; or a
 * creation the product refuses (a code already used, in any case; no such type; blank fields; a
 * profile without the masters). */
export class CreateMaterial implements Cmd {
  constructor(readonly kind: MaterialKind, readonly i: number) {}
  check = () => true;
  async run(_model: Model, w: World) {
    const tag = w.tag.toUpperCase();
    const fields = (o: Record<string, unknown>) => ({ json: { id: 0, id_material_tipo: w.people.tipo, ...o } });
    switch (this.kind) {
      case 'valid': {
        const k = w.next();
        const codigo = `MDL-${tag}-N${k}`;
        const nombre = `Material nuevo ${tag} ${k}`;
        const reply = await w.ok('admin', 'POST', '/materiales/create', fields({ codigo, nombre }));
        const id = Number((reply.item as { id: number }).id);
        w.materials.push({ id, codigo, nombre });
        return;
      }
      case 'duplicate': {
        const m = w.materials[this.i % w.materials.length];
        await w.refused('admin', 'POST', '/materiales/create', fields({ codigo: m.codigo.toLowerCase(), nombre: 'Otro material' }));
        return;
      }
      case 'noType':
        await w.refused('admin', 'POST', '/materiales/create', fields({ id_material_tipo: 987_654_321, codigo: `MDL-${tag}-X${this.i}`, nombre: 'Sin tipo' }));
        return;
      case 'blank':
        await w.refused('admin', 'POST', '/materiales/create', fields({ codigo: ' ', nombre: '' }));
        return;
      case 'notAdmin':
        await w.refused('jefe', 'POST', '/materiales/create', fields({ codigo: `MDL-${tag}-J${this.i}`, nombre: 'Del jefe' }));
        return;
    }
  }
  toString = () => `new CreateMaterial(${json(this.kind)}, ${this.i})`;
}

export type MasterKind = 'material' | 'site' | 'grupo' | 'blankName';

/** Admin renames a master the chain uses (a material, a site, the functional group); the screens
 * that show it follow at once. 'blankName': a material renamed to nothing is refused. */
export class RenameMaster implements Cmd {
  constructor(readonly kind: MasterKind, readonly i: number) {}
  check = () => true;
  async run(model: Model, w: World) {
    const k = ++w.renames;
    switch (this.kind) {
      case 'material': {
        const m = w.materials[this.i % w.materials.length];
        const nombre = `${m.nombre.replace(/ · r\d+$/, '')} · r${k}`;
        await w.ok('admin', 'POST', '/materiales/create', { json: { id: m.id, id_material_tipo: w.people.tipo, codigo: m.codigo, nombre } });
        m.nombre = nombre;
        const list = await w.ok('admin', 'GET', '/materiales', { query: { query: m.codigo, limit: 100 } });
        const row = (list.items as { id: number; nombre: string }[]).find((x) => x.id === m.id);
        if (row?.nombre !== nombre) throw new Violation(`material ${m.id} renamed '${nombre}', its list row says '${row?.nombre}'`);
        const option = await w.ok('supervisor', 'GET', '/fil_datas/materiales', { query: { value: m.id } });
        const label = (option.item as { label: string } | null)?.label;
        if (label !== `${m.codigo} - ${nombre}`) throw new Violation(`material ${m.id} renamed '${nombre}', the orders' select shows '${label}'`);
        return;
      }
      case 'blankName': {
        const m = w.materials[this.i % w.materials.length];
        await w.refused('admin', 'POST', '/materiales/create', { json: { id: m.id, id_material_tipo: w.people.tipo, codigo: m.codigo, nombre: ' ' } });
        return;
      }
      case 'site': {
        const s = w.sites[this.i % w.sites.length];
        const form = await w.ok('admin', 'POST', '/obras/form', { json: { id: s.id } });
        const item = form.item as Record<string, unknown>;
        const nombre = `${s.base} · r${k}`;
        await w.ok('admin', 'POST', '/obras/create', { json: {
          id: s.id, id_empresa: item.id_empresa, codigo: item.codigo, nombre, direccion: item.direccion ?? '', ciudad: item.ciudad ?? '', plazo_necesidad_dias: item.plazo_necesidad_dias,
        } });
        s.nombre = nombre;
        const list = await w.ok('admin', 'GET', '/obras', { query: { query: s.codigo, limit: 100 } });
        const row = (list.items as { id: number; nombre: string }[]).find((x) => Number(x.id) === s.id);
        if (row?.nombre !== nombre) throw new Violation(`site ${s.id} renamed '${nombre}', its list row says '${row?.nombre}'`);
        // The site's warehouse (and what is on its way there) is named after the site.
        const stock = await w.ok('almacen.obra', 'GET', '/stock_almacen', { query: { id_obra: s.id, limit: 100 } });
        for (const r of stock.items as { almacen: string; almacen_nombre: string; id_obra: number }[]) {
          const expected = r.almacen === 'transito' ? `En tránsito a ${nombre}` : r.almacen === 'central' ? 'Almacén central' : nombre;
          if (r.id_obra === s.id && r.almacen_nombre !== expected) throw new Violation(`site ${s.id} renamed '${nombre}', its stock row says '${r.almacen_nombre}'`);
        }
        return;
      }
      case 'grupo': {
        const nombre = `Sistema modelo ${w.tag.toUpperCase()} · r${k}`;
        await w.ok('admin', 'POST', '/grupos_funcionales/create', { json: { id: w.people.grupo, sigla: `M${w.tag.toUpperCase()}`.slice(0, 6), nombre } });
        w.grupoNombre = nombre;
        // An order's part lines show their functional group by its name now.
        const order = model.orders[model.orders.length - 1];
        if (!order) return;
        const form = await w.ok('supervisor', 'GET', '/ordenes_trabajo/form', { query: { id: order.id } });
        const lines = (form.item as { productos_solicitados: { grupo_funcional?: string }[] }).productos_solicitados;
        const stale = lines.find((l) => l.grupo_funcional !== nombre);
        if (stale) throw new Violation(`functional group renamed '${nombre}', order ${order.id}'s part line shows '${stale.grupo_funcional}'`);
        return;
      }
    }
  }
  toString = () => `new RenameMaster(${json(this.kind)}, ${this.i})`;
}

/** The commands of this file, drawn small. */
export function masterArbitraries(): fc.Arbitrary<Cmd>[] {
  const machine = fc.nat({ max: 3 });
  const log = fc.tuple(machine, fc.constantFrom<LogKind>('valid', 'valid', 'valid', 'valid', 'below', 'below', 'endBeforeStart', 'notInteger', 'tooLong', 'future', 'lateShift', 'noFlag', 'sameShift'), fc.nat({ max: 12 }))
    .map(([m, k, h]) => new HourMeterLog(m, k, h));
  const plan = fc.tuple(machine, fc.constantFrom<PlanKind>('newHours', 'newHours', 'newDays', 'edit', 'edit', 'zeroInterval', 'unknownPart', 'noName', 'supervisor'), fc.nat({ max: 7 }))
    .map(([m, k, n]) => new PmPlan(m, k, n));
  const material = fc.tuple(fc.constantFrom<MaterialKind>('valid', 'valid', 'duplicate', 'noType', 'blank', 'notAdmin'), fc.nat({ max: 7 })).map(([k, i]) => new CreateMaterial(k, i));
  const rename = fc.tuple(fc.constantFrom<MasterKind>('material', 'material', 'site', 'grupo', 'blankName'), fc.nat({ max: 7 })).map(([k, i]) => new RenameMaster(k, i));
  return [log, log, plan, material, rename];
}

/** After every step: the masters' names are the last saved ones; each machine's current meter is
 * the highest valid reading (equipo_medidor's rule); the PM board has each plan of the model with a
 * forecast that follows from it (documented in shared/pm-forecast.ts: due at last service +
 * interval, remaining = due − current meter, a days plan due its interval after its last service). */
export async function checkMasterInvariants(w: World) {
  const sql = w.api.sql;
  const names = await sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_materiales WHERE id IN ${sql(w.materials.map((m) => m.id))}`;
  for (const m of w.materials) {
    const row = names.find((x) => x.id === m.id);
    if (row?.nombre !== m.nombre) throw new Violation(`material ${m.id} is '${row?.nombre}', last saved '${m.nombre}'`);
  }
  const sites = await sql<{ id: number; nombre: string }[]>`SELECT id::int, nombre FROM rm_obras WHERE id IN ${sql(w.sites.map((s) => s.id))}`;
  for (const s of w.sites) if (sites.find((x) => x.id === s.id)?.nombre !== s.nombre) throw new Violation(`site ${s.id} is '${sites.find((x) => x.id === s.id)?.nombre}', last saved '${s.nombre}'`);
  const [grupo] = await sql<{ nombre: string }[]>`SELECT nombre FROM rm_grupos_funcionales WHERE id = ${w.people.grupo}`;
  if (grupo?.nombre !== w.grupoNombre) throw new Violation(`functional group ${w.people.grupo} is '${grupo?.nombre}', last saved '${w.grupoNombre}'`);

  const meters = await sql<{ id_equipo: number; horometro: number }[]>`SELECT id_equipo::int, horometro FROM rm_equipo_medidores WHERE id_equipo IN ${sql(w.machines)}`;
  w.machines.forEach((id, i) => {
    const live = meters.find((x) => x.id_equipo === id)?.horometro ?? null;
    const expected = w.expectedMeter(i);
    if (live !== expected) throw new Violation(`machine ${id}: current meter ${live}, the model's highest valid reading ${expected}`);
  });

  for (const [i, plans] of w.plans.entries()) {
    if (!plans.size) continue;
    const board = await w.ok('jefe', 'GET', '/mantenimiento_preventivo', { query: { id_equipo: w.machines[i], limit: 100 } });
    const rows = board.items as { id_plan: number; obra: string | null; unidad: string; intervalo: number; ultimo_valor: number | null; actual: number; vence_en: number | null; restante: number; fecha: string | null; vencimiento: string }[];
    const expectedMeter = w.expectedMeter(i);
    for (const gone of w.removedPlans[i]) if (rows.some((r) => r.id_plan === gone)) throw new Violation(`machine ${w.machines[i]}: removed plan ${gone} is still on the PM board`);
    for (const p of plans.values()) {
      const row = rows.find((r) => r.id_plan === p.id_plan);
      const where = `machine ${w.machines[i]}, plan ${p.id_plan} (${p.unidad} ${p.intervalo}, last ${p.ultimo_valor ?? p.ultima_fecha ?? '—'})`;
      if (!row) throw new Violation(`${where}: not on the PM board`);
      if (row.obra !== w.siteOf(i).nombre) throw new Violation(`${where}: the board says site '${row.obra}', it is '${w.siteOf(i).nombre}'`);
      if (row.unidad !== p.unidad || row.intervalo !== p.intervalo || row.ultimo_valor !== p.ultimo_valor) throw new Violation(`${where}: the board shows ${json(row)}`);
      if (row.restante <= 0 && row.vencimiento !== 'vencido') throw new Violation(`${where}: ${row.restante} left but '${row.vencimiento}'`);
      if (p.unidad === 'horas') {
        if (expectedMeter !== null && row.actual !== expectedMeter) throw new Violation(`${where}: the board's current meter ${row.actual}, the machine's ${expectedMeter}`);
        const base = p.ultimo_valor ?? Math.floor(row.actual / p.intervalo) * p.intervalo;
        if (row.vence_en !== base + p.intervalo || row.restante !== round2(base + p.intervalo - row.actual)) {
          throw new Violation(`${where}: due at ${row.vence_en} with ${row.restante} left, expected ${base + p.intervalo} and ${round2(base + p.intervalo - row.actual)}`);
        }
        if (p.ultimo_valor !== null && row.vence_en < p.ultimo_valor) throw new Violation(`${where}: next due ${row.vence_en} before the last service ${p.ultimo_valor}`);
      } else if (p.ultima_fecha) {
        if (row.fecha?.slice(0, 10) !== addDays(p.ultima_fecha, p.intervalo)) throw new Violation(`${where}: due on ${row.fecha}, expected ${addDays(p.ultima_fecha, p.intervalo)}`);
      } else if (!row.fecha) throw new Violation(`${where}: a days plan without a due date`);
    }
  }
}
