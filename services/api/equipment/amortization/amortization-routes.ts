import * as v from 'valibot';
import { refusePlan, refusePlanChange } from '../../../../events/equipment/decider';
import { updateRecord } from '../../../../events/record/commands';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import type { ApiDeps } from '../../platform/deps';
import { DISABLED, ENABLED, REMOVED, SAVED } from '../../platform/define-crud';
import { defineList, estadoFilter } from '../../platform/define-list';
import { EQUIPO_SQL } from '../../../app/equipment/equipment-sql';
import { DATE_OUT_OF_RANGE, positiveId, REQUIRED, yearInRange } from '../../platform/fields';
import { defineRoute, moduleAccess, readById, type AnyRoute } from '../../platform/route';
import { EQUIPO_RULES } from '@shared/equipment-rules';
import { businessToday } from '@shared/time';
import { loadEquipoItem } from '../load-equipment-item';
import { amortizationPlan } from './amortizationPlan';
import { amortizationReply, amortizationRow, amortizationScheduleReply } from '@shared/contracts/equipment';
import { noPayload } from '@shared/contracts/platform';

const months = v.pipe(
  v.unknown(),
  v.check((x) => x !== null && x !== undefined && x !== '', REQUIRED),
  v.transform((x) => (typeof x === 'string' ? Number(x.trim()) : x)),
  v.number('Debe ser un número entero'),
  v.integer('Debe ser un número entero'),
  v.minValue(0, 'Debe ser mayor o igual a 0'),
  v.maxValue(EQUIPO_RULES.amortizacionMaxMeses, `Máximo ${EQUIPO_RULES.amortizacionMaxMeses} meses`),
);

const firstMonth = v.pipe(
  v.unknown(),
  v.check((x) => x !== null && x !== undefined && x !== '', REQUIRED),
  v.string('Mes inválido (aaaa-mm)'),
  v.regex(/^\d{4}-(0[1-9]|1[0-2])(-\d{2})?$/, 'Mes inválido (aaaa-mm)'),
  v.check(yearInRange, DATE_OUT_OF_RANGE),
  v.transform((x) => `${x.slice(0, 7)}-01`),
);

/** The machine's plan as the dialog shows it, and its calendar. */
async function loadPlan(deps: ApiDeps, id: number) {
  const e = await loadEquipoItem(deps.sql, id);
  if (!e) throw new ApiError(404, NOT_FOUND);
  const meses = Number(e.amortizacion);
  const estado = Number(e.amortizacion_estado);
  const plan = amortizationPlan({ costo: e.costo_adquisicion as string, meses, inicio: e.amortizacion_inicio_efectivo as string | null, hoy: businessToday(deps.now()) });
  const item = {
    id,
    id_equipo: id,
    codigo: e.codigo,
    descripcion: e.descripcion,
    costo_adquisicion: e.costo_adquisicion as string,
    amortizacion: meses,
    amortizacion_inicio: meses > 0 ? (e.amortizacion_inicio_efectivo as string) : null,
    saldo_restante: plan.saldo_restante,
    meses_pendientes: plan.meses_pendientes,
    // A disabled plan charges nothing this month (as the equipment list shows).
    pendiente_por_mes: estado === 1 ? plan.pendiente_por_mes : '0.00',
    estado,
  };
  return { item, rows: plan.rows };
}

/** Seed 001 §3 'Equipment amortization', §7: the plan lives on the machine's own stream
 * (`equipo-{id}`): the number of months in `amortizacion` and the first month in
 * `amortizacion_inicio` (kept in rm_equipo_amortizaciones). Without a saved first month the plan
 * starts at the month of arrival, else of purchase, else of registration.
 * - POST /equipo_amortizacion/form (id of the machine) → the plan's figures;
 * - POST /equipo_amortizacion/create (id, amortizacion, amortizacion_inicio) → saves the plan as a
 *   RecordUpdated of the machine (0 months removes it);
 * - GET /equipo_amortizacion_calendario (id) → month by month, instalments adding up exactly to
 *   the acquisition cost;
 * - GET /equipo_amortizacion (list protocol and export), GET /equipo_amortizacion/remove (id),
 *   POST /equipo_amortizacion/enable|disable (id), as every generic CRUD (issue 13, item 21): the
 *   machines with a plan; removing the plan is 0 months; a disabled plan stays but charges
 *   nothing (pendiente_por_mes 0). Each is one RecordUpdated of the machine. */
export function amortizationRoutes(): AnyRoute[] {
  /** One change of a machine's plan: 404 without the machine, 422 without a plan. */
  const planAction = (path: 'remove' | 'enable' | 'disable', method: 'GET' | 'POST', summary: string, fields: Record<string, unknown>, msg: string) =>
    defineRoute({
      method,
      path: `/equipo_amortizacion/${path}`,
      access: moduleAccess('/equipos', 'edit'),
      summary,
      input: v.object({ id: positiveId() }),
      output: noPayload(),
      async handler(ctx) {
        const [row] = await ctx.deps.sql<{ amortizacion: number }[]>`SELECT amortizacion FROM rm_equipos WHERE id = ${ctx.input.id}`;
        if (!row) throw new ApiError(404, NOT_FOUND);
        refusePlanChange({ amortizacion: Number(row.amortizacion) });
        await updateRecord(ctx.deps.store, 'equipo', ctx.input.id, fields, { metadata: ctx.metadata });
        return { msg };
      },
    });
  return [
    ...defineList({
      row: amortizationRow,
      path: '/equipo_amortizacion',
      module: '/equipos',
      title: 'Amortización de equipos',
      fileBase: 'amortizacion_equipos',
      from: EQUIPO_SQL.from,
      columns: [
        { key: 'id', label: 'ID', kind: 'integer', sql: 'e.id', sortable: true },
        { key: 'codigo', label: 'Código', sql: 'e.codigo', sortable: true },
        { key: 'descripcion', label: 'Descripción', sql: `coalesce(${EQUIPO_SQL.names.descripcion}, '')`, sortable: true },
        { key: 'costo_adquisicion', label: 'Costo de adquisición', kind: 'money', sql: 'e.costo_adquisicion', sortable: true },
        { key: 'amortizacion', label: 'Meses', kind: 'integer', sql: 'e.amortizacion', sortable: true },
        { key: 'amortizacion_inicio', label: 'Inicio', kind: 'date', sql: EQUIPO_SQL.day(EQUIPO_SQL.amortizationStart), sortSql: EQUIPO_SQL.amortizationStart, sortable: true },
        { key: 'pendiente_por_mes', label: 'Pendiente por mes', kind: 'money', sql: EQUIPO_SQL.pendientePorMes, sortable: true },
        { key: 'estado', label: 'Estado', kind: 'bool', sql: EQUIPO_SQL.planEstado, sortable: true },
      ],
      extra: { id_equipo: 'e.id' },
      search: ['e.codigo', 'p.nombre'],
      key: 'e.id',
      defaultOrder: { col: 'codigo', dir: 'asc' },
      scope: (sql) => sql`e.amortizacion > 0`,
      filters: {
        estado: estadoFilter('coalesce(am.amortizacion_estado, 1)'),
      },
    }),
    planAction('remove', 'GET', 'Quitar el plan de amortización de un equipo (0 meses)', { amortizacion: 0, amortizacion_inicio: null, amortizacion_estado: 1 }, REMOVED),
    planAction('enable', 'POST', 'Activar el plan de amortización de un equipo', { amortizacion_estado: 1 }, ENABLED),
    planAction('disable', 'POST', 'Desactivar el plan de amortización de un equipo: no cobra cuota mientras tanto', { amortizacion_estado: 0 }, DISABLED),
    readById('/equipos', {
      method: 'POST',
      path: '/equipo_amortizacion/form',
      summary: 'Amortización de un equipo (id del equipo): saldo restante, meses pendientes y cuota del mes',
      output: amortizationReply,
      async handler({ input, deps }) {
        return { item: (await loadPlan(deps, input.id)).item };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/equipo_amortizacion/create',
      access: moduleAccess('/equipos', 'edit'),
      summary: 'Guardar el plan de amortización de un equipo: meses (amortizacion; 0 lo quita) y mes de inicio',
      input: v.object({ id: positiveId(), amortizacion: months, amortizacion_inicio: v.optional(v.nullable(v.unknown())) }),
      output: amortizationReply,
      async handler(ctx) {
        const { input, deps } = ctx;
        const item = await loadEquipoItem(deps.sql, input.id);
        if (!item) throw new ApiError(404, NOT_FOUND);
        const parsed = input.amortizacion > 0 ? v.safeParse(firstMonth, input.amortizacion_inicio) : null;
        refusePlan({ amortizacion: input.amortizacion, inicioIssue: parsed && !parsed.success ? parsed.issues[0].message : null, costo_adquisicion: Number(item.costo_adquisicion) });
        const inicio = parsed?.success ? parsed.output : null;
        await updateRecord(deps.store, 'equipo', input.id, { amortizacion: input.amortizacion, amortizacion_inicio: inicio }, { metadata: ctx.metadata });
        return { msg: SAVED, item: (await loadPlan(deps, input.id)).item };
      },
    }),
    readById('/equipos', {
      path: '/equipo_amortizacion_calendario',
      summary: 'Calendario de amortización de un equipo, mes a mes (las cuotas suman exactamente el costo de adquisición)',
      output: amortizationScheduleReply,
      async handler({ input, deps }) {
        const { item, rows } = await loadPlan(deps, input.id);
        return { items: rows, costo_adquisicion: item.costo_adquisicion };
      },
    }),
  ];
}
