import * as v from 'valibot';
import { PM_ESTADOS } from '@shared/pm-states';
import { listSearch, listSearchSchema, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';
import type { PmBoardRow } from './pmTypes';

/** The board's band in the URL (`vencimiento`): overdue, within 7 or 30 days, later, no recent use. */
const optionalBand = v.fallback(v.optional(v.picklist(PM_ESTADOS)), undefined);

/** 'Mantenimiento preventivo' (issue 20): every active plan of the caller's sites with its
 * forecast. The forecast moves with the plans, the hour-meter logs and the work orders, so the
 * board follows all three live. */
export const pmBoard = defineResource<PmBoardRow>()({
  path: '/mantenimiento_preventivo',
  topics: ['pm_plan', 'horometro', 'work_order'],
  live: 'banner',
  liveMessage: 'Hay planes, horómetros u órdenes de trabajo nuevos o modificados.',
  search: listSearch({ id_obra: optionalId, id_equipo: optionalId, vencimiento: optionalBand }),
});

/** A machine's plans (GET /mantenimiento_preventivo/planes, saved by `/planes/create`): a save
 * refreshes the plans dialog and the board. */
export const pmPlanes = defineResource<never>()({
  path: '/mantenimiento_preventivo/planes',
  topics: ['pm_plan'],
  search: listSearchSchema,
  alsoInvalidates: [['pm-planes'], ['resource', '/mantenimiento_preventivo']],
});

/** A site's automatic opening of preventive OTs (GET /mantenimiento_preventivo/configuracion,
 * saved by `/configuracion/create`). */
export const pmConfiguracion = defineResource<never>()({
  path: '/mantenimiento_preventivo/configuracion',
  topics: ['pm_plan'],
  search: listSearchSchema,
  alsoInvalidates: [['pm-configuracion']],
});
