import * as v from 'valibot';
import { PM_ESTADOS, PM_UNIDADES } from '@shared/pm-forecast';
import type { ListRow } from './platform';
import { day, optText, rowId } from './platform';

// The reply schemas of the preventive-maintenance board and plans (issue 20) and the types the web reads.

/** A row of GET /mantenimiento_preventivo: one plan of one machine with its forecast and the data behind it. */
export const pmBoardRow = v.object({
  obra: optText(), codigo: v.string(), descripcion: optText(), plan: v.string(), vencimiento_texto: v.string(), fecha: v.nullable(day()),
  dias: v.nullable(v.number()), restante: v.number(), unidad_texto: v.string(), actual: v.number(), vence_en: v.nullable(v.number()),
  ultimo_valor: v.nullable(v.number()), ultima_fecha: v.nullable(day()), intervalo: v.number(), uso_diario: v.nullable(v.number()),
  ot_codigo: optText(),
  id: v.string(), id_equipo: rowId(), id_plan: rowId(), id_obra: rowId(), vencimiento: v.picklist(PM_ESTADOS), unidad: v.picklist(PM_UNIDADES),
  id_orden_trabajo: v.nullable(rowId()), heredado: v.boolean(),
});
export type PmBoardRow = ListRow<typeof pmBoardRow>;

/** A plan's standard part: the material's code and quantity, with the material it names now
 * (null when no active material has that code any more). */
export const pmPlanProducto = v.object({ codigo: v.string(), cantidad: v.number(), id_material: v.nullable(rowId()), material: optText() });
export type PmPlanProductoItem = v.InferOutput<typeof pmPlanProducto>;

export const pmPlan = v.object({
  id_plan: rowId(),
  nombre: v.string(),
  unidad: v.nullable(v.picklist(PM_UNIDADES)),
  intervalo: v.nullable(v.number()),
  intervenciones: v.array(v.string()),
  productos: v.array(pmPlanProducto),
  activo: v.boolean(),
  ultimo_valor: v.nullable(v.number()),
  ultima_fecha: v.nullable(day()),
  id_orden_trabajo: v.nullable(rowId()),
  /** Plan 0 without an interval of its own: the subgroup's applies. */
  heredado: v.boolean(),
});
export type PmPlanItem = v.InferOutput<typeof pmPlan>;

/** GET /mantenimiento_preventivo/planes: a machine's plans as its stream holds them (read-your-writes). */
export const pmPlansReply = v.object({
  id_equipo: rowId(),
  codigo: v.string(),
  version: v.number(),
  subgrupo: v.object({ nombre: optText(), unidad: v.nullable(v.picklist(PM_UNIDADES)), intervalo: v.nullable(v.number()) }),
  items: v.array(pmPlan),
});
export type PmPlansReply = v.InferOutput<typeof pmPlansReply>;

export const pmResumenReply = v.object({ counts: v.record(v.string(), v.number()) });

/** A site's automatic opening of preventive OTs (events/pm-site/decider.ts). */
export const pmSiteSettingsReply = v.object({
  id_obra: rowId(), auto_abrir: v.boolean(), dias_anticipacion: v.number(), id_operador: v.nullable(rowId()), id_mecanico: v.nullable(rowId()),
  id_supervisor: v.nullable(rowId()), id_grupo_funcional: v.nullable(rowId()), id_grupo_funcional_elemento: v.nullable(rowId()), version: v.number(),
});
const optionalRef = v.optional(v.nullable(v.pipe(v.union([v.number(), v.pipe(v.string(), v.maxLength(20))], 'Identificador inválido'), v.transform(Number), v.integer('Identificador inválido'), v.minValue(1, 'Identificador inválido'))), null);
export const pmSiteSettingsInput = v.object({
  id_obra: v.pipe(v.number('Identificador inválido'), v.integer('Identificador inválido'), v.minValue(1, 'Identificador inválido')),
  auto_abrir: v.optional(v.boolean('Debe ser verdadero o falso'), false),
  dias_anticipacion: v.optional(v.pipe(v.number('Debe ser un número entero'), v.integer('Debe ser un número entero')), 7),
  id_operador: optionalRef, id_mecanico: optionalRef, id_supervisor: optionalRef, id_grupo_funcional: optionalRef, id_grupo_funcional_elemento: optionalRef,
  version: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))),
});
