import type { FieldChange } from '@shared/diff';
import type { PmUnidad } from '@shared/pm-forecast';
import type { Event } from '../types';

/** The plan every machine inherits from its subgroup's interval (`mantenimiento_valor`,
 * `id_mantenimiento_unidad`). A machine overrides it by saving plan 0 with its own interval. */
export const INHERITED_PLAN = 0;

/** A standard part of a plan: the material's code (rm_materiales.codigo) and the quantity a
 * preventive OT of the plan requests (its part lines, editable there). */
export type PmPlanProducto = { codigo: string; cantidad: number };

/** What a machine's plan says. For plan 0, `unidad` and `intervalo` null mean "the subgroup's". */
export type PmPlanFields = {
  nombre: string;
  unidad: PmUnidad | null;
  intervalo: number | null;
  /** The standard interventions a preventive OT of this plan starts with (editable there). */
  intervenciones: string[];
  /** The standard parts (material code and quantity); plans saved before they existed hold none
   * (`PmPlanAdded` schema version 1 is upcast with an empty list). */
  productos: PmPlanProducto[];
  activo: boolean;
};
export const PM_PLAN_FIELDS = ['nombre', 'unidad', 'intervalo', 'intervenciones', 'productos', 'activo'] as const;

export type PmPlan = PmPlanFields & {
  id_plan: number;
  /** The meter (hours or km) and the day of the last service; null before the first. */
  ultimo_valor: number | null;
  ultima_fecha: string | null;
  /** The preventive OT opened for the plan and not yet closed. */
  id_orden_trabajo: number | null;
};

export type PmPlanState = { id_equipo: number | null; planes: Record<string, PmPlan>; ultimo_id: number };

export type PmPlanEvent =
  | Event<'PmPlanAdded', { id_equipo: number; id_plan: number } & PmPlanFields>
  | Event<'PmPlanChanged', { id_equipo: number; id_plan: number; changes: Partial<Record<keyof PmPlanFields, FieldChange>> }>
  | Event<'PmPlanRemoved', { id_equipo: number; id_plan: number }>
  /** A service done: the plan counts again from this meter and day (CIERRE TOTAL of its OT, or typed). */
  | Event<'PmServiceRecorded', { id_equipo: number; id_plan: number; valor: number | null; fecha: string; id_orden_trabajo: number | null }>
  /** A preventive OT opened for the plan (from the board or by the automatic job). */
  | Event<'PmWorkOrderLinked', { id_equipo: number; id_plan: number; id_orden_trabajo: number; automatico: boolean }>
  /** The plan's OT was cancelled: the plan is due again, with no OT. */
  | Event<'PmWorkOrderUnlinked', { id_equipo: number; id_plan: number; id_orden_trabajo: number }>;

export type PmPlanCommand =
  | { type: 'SavePmPlan'; id_equipo: number; /** null: a new plan of the machine's own. */ id_plan: number | null; fields: PmPlanFields; ultimo_valor?: number | null; ultima_fecha?: string | null; fecha: string }
  | { type: 'RemovePmPlan'; id_equipo: number; id_plan: number }
  | { type: 'RecordPmService'; id_equipo: number; id_plan: number; valor: number | null; fecha: string; id_orden_trabajo: number | null }
  | { type: 'LinkPmWorkOrder'; id_equipo: number; id_plan: number; id_orden_trabajo: number; automatico: boolean }
  /** The OT ended: closed (CIERRE TOTAL: a service at `valor` on `fecha`) or cancelled (`valor` undefined). */
  | { type: 'EndPmWorkOrder'; id_equipo: number; id_orden_trabajo: number; cerrada: boolean; valores: Partial<Record<'horas' | 'km', number | null>>; fecha: string; unidadHeredada: PmUnidad | null };
