import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { readById, type AnyRoute } from '../../platform/route';
import { businessToday } from '@shared/time';
import { insuranceSchedule } from '../../../app/equipment/insuranceSchedule';
import { insuranceReply } from '@shared/contracts/equipment';

/** GET /equipo_costo_mensual (seed 001 §2 'insurance monthly-cost sub-table', §7): the annual
 * insurance cost of a machine spread over the months of its current insurance year (starting on
 * fecha_llegada, else fecha_compra), pro rata by days, in exact cents (insuranceSchedule). */
export function insuranceRoutes(): AnyRoute[] {
  return [
    readById('/equipos', {
      path: '/equipo_costo_mensual',
      summary: 'Costo mensual del seguro de un equipo: el costo anual repartido por días entre los meses del año de seguro en curso',
      output: insuranceReply,
      async handler({ input, deps }) {
        const [e] = await deps.sql<{ costo_anual_seguro: string; inicio: string | null }[]>`
          SELECT costo_anual_seguro, to_char(coalesce(fecha_llegada, fecha_compra), 'YYYY-MM-DD') AS inicio FROM rm_equipos WHERE id = ${input.id}`;
        if (!e) throw new ApiError(404, NOT_FOUND);
        const schedule = insuranceSchedule({ anual: e.costo_anual_seguro, inicio: e.inicio, hoy: businessToday(deps.now()) });
        return {
          items: schedule.rows,
          desde: schedule.desde,
          hasta: schedule.hasta,
          costo_anual_seguro: e.costo_anual_seguro,
          costo_mes_actual: schedule.costo_mes_actual,
        };
      },
    }),
  ];
}
