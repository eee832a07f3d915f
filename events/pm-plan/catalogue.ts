import { defineCatalogue } from '../catalogue';
import type { PmPlanEvent } from './types';

/** A machine's preventive-maintenance plans (`pm_plan-{id_equipo}`, issue 20). */
export const pmPlanCatalogue = defineCatalogue<PmPlanEvent>()({
  PmPlanAdded: { label: 'Plan de mantenimiento preventivo', name: 'creó el plan de mantenimiento de', icon: 'event_repeat', color: 'success' },
  PmPlanChanged: { label: 'Cambio de plan de mantenimiento', name: 'cambió el plan de mantenimiento de', icon: 'event_repeat', color: 'info' },
  PmPlanRemoved: { label: 'Eliminación de plan de mantenimiento', name: 'eliminó el plan de mantenimiento de', icon: 'event_busy', color: 'danger' },
  PmServiceRecorded: { label: 'Servicio preventivo', name: 'registró el servicio preventivo de', icon: 'build_circle', color: 'success' },
  PmWorkOrderLinked: { label: 'OT preventiva', name: 'abrió la OT preventiva de', icon: 'assignment_add', color: 'primary' },
  PmWorkOrderUnlinked: { label: 'OT preventiva cancelada', name: 'canceló la OT preventiva de', icon: 'cancel', color: 'danger' },
});

