import * as v from 'valibot';
import { PM_ESTADO_LABEL, PM_ESTADOS, PM_UNIDADES } from '@shared/pm-forecast';
import { defineList, idFilter } from '../platform/define-list';
import { flag, id, isoDate, positiveId, text } from '../platform/fields';
import { moduleAccess, defineRoute, type AnyRoute } from '../platform/route';
import { siteScope } from '../platform/site-scope';
import { PM_BOARD_CACHED_FROM, refreshPmForecasts } from '../../app/preventive-maintenance/pm-board-sql';
import { pmBoardRow, pmPlansReply, pmResumenReply, pmSiteSettingsInput, pmSiteSettingsReply } from '@shared/contracts/preventive-maintenance';
import { loadMachine, machinePlans, removePlan, savePlan } from './pm-plans';
import { loadSiteSettings, saveSiteSettings } from './pm-site-settings';

export const PM_MODULE = '/mantenimiento_preventivo';

const UNIDAD_TEXTO = `CASE b.unidad WHEN 'horas' THEN 'Horas' WHEN 'km' THEN 'Km' ELSE 'Días' END`;
const ESTADO_TEXTO = `CASE b.estado ${PM_ESTADOS.map((e) => `WHEN '${e}' THEN '${PM_ESTADO_LABEL[e]}'`).join(' ')} END`;
/** The bands of the board (`vencimiento`): vencido, within 7 days (not overdue), within 30 days (not within 7), later, no recent use. */
const estadoFilter = v.picklist(PM_ESTADOS, 'Estado no válido');

/** GET /mantenimiento_preventivo and its export (issue 20): one row per active plan of every
 * active machine on the caller's sites, with its forecast and the data behind it. */
function pmBoard(): AnyRoute[] {
  return defineList({
    row: pmBoardRow,
    path: PM_MODULE,
    title: 'Mantenimiento preventivo',
    fileBase: 'mantenimiento_preventivo',
    from: PM_BOARD_CACHED_FROM,
    prepare: (ctx) => refreshPmForecasts(ctx.deps.sql, ctx.deps.now()),
    columns: [
      { key: 'obra', label: 'Obra', sql: 'b.obra', sortable: true },
      { key: 'codigo', label: 'Equipo', sql: 'b.codigo', sortable: true },
      { key: 'descripcion', label: 'Descripción', sql: 'b.descripcion', sortable: true },
      { key: 'plan', label: 'Plan', sql: 'b.plan', sortable: true },
      { key: 'vencimiento_texto', label: 'Vencimiento', sql: ESTADO_TEXTO },
      { key: 'fecha', label: 'Fecha prevista', kind: 'date', sql: 'b.fecha', sortSql: 'b.fecha_d', sortable: true },
      { key: 'dias', label: 'Días', kind: 'integer', sql: 'b.dias', sortable: true },
      { key: 'restante', label: 'Restante', kind: 'decimal', sql: 'b.restante', sortable: true },
      { key: 'unidad_texto', label: 'Unidad', sql: UNIDAD_TEXTO },
      { key: 'actual', label: 'Lectura actual', kind: 'decimal', sql: 'b.actual', sortable: true },
      { key: 'vence_en', label: 'Vence en', kind: 'decimal', sql: 'b.vence_en', sortable: true },
      { key: 'ultimo_valor', label: 'Último servicio', kind: 'decimal', sql: 'b.ultimo_valor', sortable: true },
      { key: 'ultima_fecha', label: 'Fecha último servicio', kind: 'date', sql: 'b.ultima_fecha', sortable: true },
      { key: 'intervalo', label: 'Intervalo', kind: 'decimal', sql: 'b.intervalo', sortable: true },
      { key: 'uso_diario', label: 'Uso diario (30 días)', kind: 'decimal', sql: 'b.uso_diario', sortable: true },
      { key: 'ot_codigo', label: 'OT abierta', sql: 'b.ot_codigo', sortable: true },
    ],
    extra: {
      id: 'b.id', id_equipo: 'b.id_equipo::int', id_plan: 'b.id_plan', id_obra: 'b.id_obra::int', vencimiento: 'b.estado', unidad: 'b.unidad',
      id_orden_trabajo: 'b.id_orden_trabajo::int', heredado: 'b.heredado',
    },
    search: [],
    // codigo, descripcion and plan, normalised (migrations/0086).
    searchColumn: 'b.busqueda',
    key: 'b.id',
    defaultOrder: { col: 'dias', dir: 'asc' },
    filters: {
      id_obra: idFilter('b.id_obra'),
      id_equipo: idFilter('b.id_equipo'),
      vencimiento: { schema: estadoFilter, where: (sql, value: string) => sql`b.estado = ${value}` },
      unidad: { schema: v.picklist(PM_UNIDADES, 'Unidad no válida'), where: (sql, value: string) => sql`b.unidad = ${value}` },
    },
    siteColumn: 'b.id_obra',
  });
}

const numberOrNull = (max: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.union([v.number(), v.pipe(v.string(), v.maxLength(20))], message),
        v.transform((x) => (typeof x === 'string' && x.trim() === '' ? null : Number(typeof x === 'string' ? x.replace(',', '.') : x))),
        v.check((x) => x === null || (Number.isFinite(x) && x >= 0 && x <= max), message),
      ),
    ),
  );

const planInput = v.object({
  id_equipo: positiveId(),
  /** Empty or absent: a new plan of the machine's own; 0: the subgroup's plan (override). */
  id_plan: v.optional(v.nullable(id()), null),
  nombre: v.optional(text(100), ''),
  unidad: v.optional(v.nullable(v.picklist([...PM_UNIDADES, ''], 'Elija horas, km o días')), null),
  intervalo: numberOrNull(1_000_000, 'Ingrese un intervalo mayor que 0 y de hasta 1,000,000'),
  intervenciones: v.optional(v.array(v.pipe(v.string('Debe ser texto'), v.trim(), v.maxLength(200, 'Máximo 200 caracteres'))), []),
  /** The standard parts: a material's code and the quantity its preventive OT requests. */
  productos: v.optional(
    v.pipe(
      v.array(
        v.object({
          codigo: v.optional(text(100), ''),
          cantidad: v.pipe(
            v.union([v.number(), v.pipe(v.string(), v.maxLength(20))], 'Ingrese una cantidad'),
            v.transform((x) => (typeof x === 'string' ? (x.trim() === '' ? NaN : Number(x.replace(',', '.'))) : x)),
            v.check((x) => Number.isFinite(x) && x > 0 && x <= 1_000_000, 'Ingrese una cantidad mayor que 0 y de hasta 1,000,000'),
          ),
        }),
        'Lista inválida',
      ),
      v.maxLength(50, 'Hasta 50 repuestos'),
    ),
    [],
  ),
  activo: v.optional(flag(), 1),
  ultimo_valor: numberOrNull(9_999_999, 'Ingrese una lectura de hasta 7 dígitos'),
  ultima_fecha: v.optional(v.nullable(isoDate())),
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});

export function pmRoutes(): AnyRoute[] {
  return [
    ...pmBoard(),
    defineRoute({
      method: 'GET',
      path: `${PM_MODULE}/resumen`,
      access: moduleAccess(PM_MODULE, 'see'),
      summary: 'Cuántos planes hay en cada estado (vencidos, próximos 7 y 30 días…) en las obras del usuario',
      input: v.object({ id_obra: v.optional(positiveId()) }),
      output: pmResumenReply,
      async handler(ctx) {
        const sql = ctx.deps.sql;
        const scope = siteScope(sql, ctx.principal, 'b.id_obra');
        await refreshPmForecasts(sql, ctx.deps.now());
        const rows = await sql<{ estado: string; n: number }[]>`
          SELECT b.estado, count(*)::int AS n FROM ${sql.unsafe(PM_BOARD_CACHED_FROM)}
           WHERE ${ctx.input.id_obra ? sql`b.id_obra = ${ctx.input.id_obra}` : sql`TRUE`} AND ${scope ?? sql`TRUE`}
           GROUP BY b.estado`;
        const counts = Object.fromEntries(PM_ESTADOS.map((e) => [e, 0]));
        for (const r of rows) counts[r.estado] = r.n;
        return { counts };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${PM_MODULE}/configuracion`,
      access: moduleAccess(PM_MODULE, 'see'),
      summary: 'Apertura automática de OT preventivas de una obra (N días antes del vencimiento, con quiénes)',
      input: v.object({ id_obra: positiveId() }),
      output: pmSiteSettingsReply,
      async handler(ctx) {
        return loadSiteSettings(ctx.deps, ctx.principal, ctx.input.id_obra);
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${PM_MODULE}/configuracion/create`,
      access: moduleAccess(PM_MODULE, 'edit'),
      summary: 'Guardar la apertura automática de OT preventivas de una obra',
      input: pmSiteSettingsInput,
      output: pmSiteSettingsReply,
      async handler(ctx) {
        return saveSiteSettings(ctx.deps, { input: ctx.input, principal: ctx.principal, metadata: ctx.metadata });
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${PM_MODULE}/planes`,
      access: moduleAccess(PM_MODULE, 'see'),
      summary: 'Planes de mantenimiento preventivo de un equipo (el heredado del subgrupo y los propios)',
      input: v.object({ id_equipo: positiveId() }),
      output: pmPlansReply,
      async handler(ctx) {
        return machinePlans(ctx.deps, await loadMachine(ctx.deps, ctx.principal, ctx.input.id_equipo));
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${PM_MODULE}/planes/create`,
      access: moduleAccess(PM_MODULE, 'edit'),
      summary: 'Crear un plan propio del equipo, o cambiar uno (id_plan 0: el heredado del subgrupo)',
      input: planInput,
      output: pmPlansReply,
      async handler(ctx) {
        const i = ctx.input;
        return savePlan(ctx.deps, {
          input: { ...i, unidad: i.unidad === '' ? null : (i.unidad ?? null), intervalo: i.intervalo ?? null, activo: i.activo === 1, intervenciones: i.intervenciones.filter((x) => x !== '') },
          principal: ctx.principal,
          metadata: ctx.metadata,
        });
      },
    }),
    defineRoute({
      method: 'POST',
      path: `${PM_MODULE}/planes/remove`,
      access: moduleAccess(PM_MODULE, 'edit'),
      summary: 'Eliminar un plan propio del equipo (plan 0: vuelve a heredar el del subgrupo)',
      input: v.object({ id_equipo: positiveId(), id_plan: id() }),
      output: pmPlansReply,
      async handler(ctx) {
        return removePlan(ctx.deps, { ...ctx.input, principal: ctx.principal, metadata: ctx.metadata });
      },
    }),
  ];
}
