import { changesOf } from '@shared/diff';
import { MSG_VALIDATION } from '@shared/messages';
import { PM_UNIDADES } from '@shared/pm-forecast';
import { unreachable, type Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import { INHERITED_PLAN, PM_PLAN_FIELDS, type PmPlan, type PmPlanCommand, type PmPlanEvent, type PmPlanFields, type PmPlanState } from './types';

export const MAX_INTERVALO = 1_000_000;
export const MAX_INTERVENCIONES = 30;
export const MAX_PRODUCTOS = 50;
export const MAX_CANTIDAD = 1_000_000;
export const PM_MSG = {
  required: 'Este campo es obligatorio',
  unidad: 'Elija horas, km o días',
  intervalo: 'Ingrese un intervalo mayor que 0 y de hasta 1,000,000',
  inheritPair: 'Indique la unidad y el intervalo, o deje ambos vacíos para heredar los del subgrupo',
  intervenciones: `Hasta ${MAX_INTERVENCIONES} intervenciones de 200 caracteres`,
  nombre: 'Máximo 100 caracteres',
  productos: `Hasta ${MAX_PRODUCTOS} repuestos`,
  codigo: 'Elija el material',
  cantidad: 'Ingrese una cantidad mayor que 0 y de hasta 1,000,000',
  notFound: 'No se encontró el plan de mantenimiento',
  inheritedRemove: 'El plan heredado del subgrupo no tiene cambios que eliminar',
  openOrder: (id: number) => `El plan ya tiene una OT preventiva abierta (OT ${id})`,
  materialNotFound: 'El material no existe',
} as const;

/** A plan's part names an active material by its code (`known`: the codes the materials read
 * model has active): an unknown code is the line's field error, refused before the plan is read. */
export function refuseUnknownMaterials(productos: readonly { codigo: string }[], known: ReadonlySet<string> | ReadonlyMap<string, unknown>): void {
  const unknown = Object.fromEntries(productos.flatMap((x, i) => (x.codigo && !known.has(x.codigo) ? [[`productos.${i}.codigo`, PM_MSG.materialNotFound]] : [])));
  if (Object.keys(unknown).length) throw new CommandRejected(MSG_VALIDATION, unknown, 422);
}

const blankPlan = (id_plan: number): PmPlan => ({
  id_plan, nombre: '', unidad: null, intervalo: null, intervenciones: [], productos: [], activo: true, ultimo_valor: null, ultima_fecha: null, id_orden_trabajo: null,
});

/** The plan as the decider sees it: a stored one, or plan 0 (always there: the subgroup's). */
export function planOf(state: PmPlanState, id_plan: number): PmPlan | null {
  return state.planes[String(id_plan)] ?? (id_plan === INHERITED_PLAN ? blankPlan(INHERITED_PLAN) : null);
}

/** Plan 0 differs from the subgroup's: an interval, a name, interventions or a state of its own. */
export const isOverride = (p: PmPlan) => p.unidad !== null || p.intervalo !== null || p.nombre !== '' || p.intervenciones.length > 0 || p.productos.length > 0 || !p.activo;

function validate(id_plan: number | null, f: PmPlanFields): void {
  const errors: Record<string, string> = {};
  const own = id_plan !== INHERITED_PLAN;
  if (own && !f.nombre) errors.nombre = PM_MSG.required;
  if (f.nombre.length > 100) errors.nombre = PM_MSG.nombre;
  if (!own && (f.unidad === null) !== (f.intervalo === null)) errors[f.unidad === null ? 'unidad' : 'intervalo'] = PM_MSG.inheritPair;
  if (own && f.unidad === null) errors.unidad = PM_MSG.required;
  else if (f.unidad !== null && !PM_UNIDADES.includes(f.unidad)) errors.unidad = PM_MSG.unidad;
  if (own && f.intervalo === null) errors.intervalo = PM_MSG.required;
  else if (f.intervalo !== null && !(f.intervalo > 0 && f.intervalo <= MAX_INTERVALO)) errors.intervalo = PM_MSG.intervalo;
  if (f.intervenciones.length > MAX_INTERVENCIONES || f.intervenciones.some((x) => !x || x.length > 200)) errors.intervenciones = PM_MSG.intervenciones;
  if (f.productos.length > MAX_PRODUCTOS) errors.productos = PM_MSG.productos;
  f.productos.forEach((p, i) => {
    if (!p.codigo || p.codigo.length > 100) errors[`productos.${i}.codigo`] = PM_MSG.codigo;
    if (!(Number.isFinite(p.cantidad) && p.cantidad > 0 && p.cantidad <= MAX_CANTIDAD)) errors[`productos.${i}.cantidad`] = PM_MSG.cantidad;
  });
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
}

/**
 * A machine's preventive-maintenance plans, one stream per machine (`pm_plan-{id_equipo}`,
 * issue 20): plan 0 is the one inherited from the subgroup (saving it overrides its interval,
 * interventions or state; removing the override inherits again), plans 1, 2… are the machine's
 * own (e.g. 250 h service, 2,000 h overhaul). A service recorded resets the plan's count; one
 * preventive OT at a time is linked to a plan (a second link is refused: the automatic job opens
 * each due OT once).
 */
export const pmPlanDecider: Decider<PmPlanState, PmPlanCommand, PmPlanEvent> = {
  initialState: () => ({ id_equipo: null, planes: {}, ultimo_id: 0 }),

  decide(command, state) {
    const { id_equipo } = command;
    switch (command.type) {
      case 'SavePmPlan': {
        validate(command.id_plan, command.fields);
        const events: PmPlanEvent[] = [];
        const stored = command.id_plan === null ? null : state.planes[String(command.id_plan)];
        let id_plan: number;
        if (command.id_plan === null || (!stored && command.id_plan === INHERITED_PLAN)) {
          id_plan = command.id_plan ?? state.ultimo_id + 1;
          events.push({ type: 'PmPlanAdded', data: { id_equipo, id_plan, ...command.fields } });
        } else {
          if (!stored) throw new CommandRejected(PM_MSG.notFound, {}, 404);
          id_plan = stored.id_plan;
          const changes = changesOf(stored as PmPlanFields, command.fields, PM_PLAN_FIELDS);
          if (Object.keys(changes).length) events.push({ type: 'PmPlanChanged', data: { id_equipo, id_plan, changes } });
        }
        const before = stored ?? blankPlan(id_plan);
        const valor = command.ultimo_valor === undefined ? before.ultimo_valor : command.ultimo_valor;
        const fecha = command.ultima_fecha === undefined ? before.ultima_fecha : command.ultima_fecha;
        if (valor !== before.ultimo_valor || fecha !== before.ultima_fecha) {
          events.push({ type: 'PmServiceRecorded', data: { id_equipo, id_plan, valor, fecha: fecha ?? command.fecha, id_orden_trabajo: null } });
        }
        return events;
      }
      case 'RemovePmPlan': {
        const stored = state.planes[String(command.id_plan)];
        if (!stored || (command.id_plan === INHERITED_PLAN && !isOverride(stored))) {
          throw new CommandRejected(command.id_plan === INHERITED_PLAN ? PM_MSG.inheritedRemove : PM_MSG.notFound, {}, command.id_plan === INHERITED_PLAN ? 422 : 404);
        }
        return [{ type: 'PmPlanRemoved', data: { id_equipo, id_plan: command.id_plan } }];
      }
      case 'RecordPmService': {
        if (!planOf(state, command.id_plan)) throw new CommandRejected(PM_MSG.notFound, {}, 404);
        const { id_plan, valor, fecha, id_orden_trabajo } = command;
        return [{ type: 'PmServiceRecorded', data: { id_equipo, id_plan, valor, fecha, id_orden_trabajo } }];
      }
      case 'LinkPmWorkOrder': {
        const plan = planOf(state, command.id_plan);
        if (!plan) throw new CommandRejected(PM_MSG.notFound, {}, 404);
        if (plan.id_orden_trabajo === command.id_orden_trabajo) return [];
        if (plan.id_orden_trabajo !== null) throw new CommandRejected(PM_MSG.openOrder(plan.id_orden_trabajo), { id_plan: PM_MSG.openOrder(plan.id_orden_trabajo) }, 409);
        return [{ type: 'PmWorkOrderLinked', data: { id_equipo, id_plan: command.id_plan, id_orden_trabajo: command.id_orden_trabajo, automatico: command.automatico } }];
      }
      case 'EndPmWorkOrder': {
        // Every plan this OT was opened for (normally one): closed, it is the plan's new last
        // service (the reading in the plan's unit; days plans only take the day); cancelled, the
        // plan is due again without an OT.
        const plans = Object.values(state.planes).filter((p) => p.id_orden_trabajo === command.id_orden_trabajo);
        return plans.map((p): PmPlanEvent => {
          const id_plan = p.id_plan;
          if (!command.cerrada) return { type: 'PmWorkOrderUnlinked', data: { id_equipo, id_plan, id_orden_trabajo: command.id_orden_trabajo } };
          const unidad = p.unidad ?? command.unidadHeredada ?? 'horas';
          const valor = unidad === 'dias' ? null : (command.valores[unidad] ?? null);
          return { type: 'PmServiceRecorded', data: { id_equipo, id_plan, valor, fecha: command.fecha, id_orden_trabajo: command.id_orden_trabajo } };
        });
      }
      default:
        return unreachable(command, 'command');
    }
  },

  evolve(state, event) {
    const key = String(event.data.id_plan);
    const plan = planOf(state, event.data.id_plan) ?? blankPlan(event.data.id_plan);
    const put = (next: PmPlan): PmPlanState => ({
      id_equipo: event.data.id_equipo,
      planes: { ...state.planes, [key]: next },
      ultimo_id: Math.max(state.ultimo_id, event.data.id_plan),
    });
    switch (event.type) {
      case 'PmPlanAdded': {
        const { id_equipo: _e, id_plan: _p, ...fields } = event.data;
        return put({ ...plan, ...fields });
      }
      case 'PmPlanChanged': {
        const next = { ...plan } as Record<string, unknown>;
        for (const [f, c] of Object.entries(event.data.changes)) next[f] = c.to;
        return put(next as PmPlan);
      }
      case 'PmPlanRemoved': {
        // Plan 0 goes back to the subgroup's, keeping its last service and open OT.
        if (event.data.id_plan === INHERITED_PLAN) return put({ ...blankPlan(INHERITED_PLAN), ultimo_valor: plan.ultimo_valor, ultima_fecha: plan.ultima_fecha, id_orden_trabajo: plan.id_orden_trabajo });
        const { [key]: _gone, ...planes } = state.planes;
        return { ...state, planes };
      }
      case 'PmServiceRecorded':
        return put({ ...plan, ultimo_valor: event.data.valor, ultima_fecha: event.data.fecha, id_orden_trabajo: null });
      case 'PmWorkOrderLinked':
        return put({ ...plan, id_orden_trabajo: event.data.id_orden_trabajo });
      case 'PmWorkOrderUnlinked':
        return put({ ...plan, id_orden_trabajo: null });
      default:
        return unreachable(event, 'event');
    }
  },
};

/** `pm_plan-{id_equipo}` streams decided by pmPlanDecider. */
export const pmPlans = aggregate('pm_plan', pmPlanDecider);
