import * as v from 'valibot';
import { PM_ESTADOS } from '@shared/pm-states';
import { listSearch, optionalId } from '../../ui/list/listSearch';
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
