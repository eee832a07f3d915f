import { businessToday } from '@shared/time';
import type { PmUnidad } from '@shared/pm-forecast';
import { pmPlans } from '../../events/pm-plan/decider';
import { workOrders } from '../../events/work-order/decider';
import { defineReactor } from './define';

/**
 * Issue 20: a preventive OT ends its plan's cycle. CIERRE TOTAL of an OT opened from a plan is the
 * plan's new last service: the OT's closing reading (else its highest reading, else the machine's
 * meter then) in the plan's unit, on the OT's closing day (else the day it was closed);
 * cancelling it leaves the plan due with no OT. Plans name their OT (`PmWorkOrderLinked`), so an
 * OT no plan names changes nothing.
 */
export const pmPlanFollowsWorkOrder = defineReactor({
  name: 'pm_plan_follows_work_order',
  canHandle: ['WorkOrderClosed', 'WorkOrderCancelled'],
  react(event) {
    const idOrden = Number(event.data.id ?? 0);
    if (!idOrden) return null;
    const cerrada = event.type === 'WorkOrderClosed';
    return {
      async run(c) {
        const order = await c.load(workOrders, idOrden);
        const h = order.state.header;
        if (!h.id_equipo) return;
        const plans = await c.load(pmPlans, h.id_equipo);
        if (!Object.values(plans.state.planes).some((p) => p.id_orden_trabajo === idOrden)) return;
        const [m] = await c.tx<{ horometro: number | null; kilometraje: number | null; unidad: PmUnidad | null }[]>`
          SELECT (SELECT horometro FROM rm_equipo_medidores WHERE id_equipo = e.id) AS horometro,
                 (SELECT kilometraje::float8 FROM rm_equipo_medidores WHERE id_equipo = e.id) AS kilometraje,
                 pm_unidad(u.nombre) AS unidad
            FROM rm_equipos e LEFT JOIN rm_equipo_subgrupos s ON s.id = e.id_equipo_subgrupo LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad
           WHERE e.id = ${h.id_equipo}`;
        const readings = [h.horometro_cierre_ot, h.horometro_puesta_marcha, h.horometro_parada, h.horometro_apertura_ot].filter((x): x is number => x !== null);
        const horas = h.horometro_cierre_ot ?? (readings.length ? Math.max(...readings) : (m?.horometro ?? null));
        const km = h.kilometraje ?? m?.kilometraje ?? null;
        plans.decide({
          type: 'EndPmWorkOrder',
          id_equipo: h.id_equipo,
          id_orden_trabajo: idOrden,
          cerrada,
          valores: { horas: horas === null ? null : Number(horas), km: km === null ? null : Number(km) },
          fecha: h.fecha_cierre_ot ? h.fecha_cierre_ot.slice(0, 10) : businessToday(new Date(event.occurredAt)),
          unidadHeredada: m?.unidad ?? null,
        });
      },
    };
  },
});
