// The units a plan's interval is counted in (shared/pm-forecast.ts PM_UNIDADES), as the screens name them.

export type PlanUnidad = 'horas' | 'km' | 'dias';

export const UNIDAD_LABEL: Record<PlanUnidad, string> = { horas: 'Horas', km: 'Km', dias: 'Días' };

/** The short unit after a reading: '250 h', '5,000 km', '90 días'. */
export const UNIDAD_CORTA: Record<PlanUnidad, string> = { horas: 'h', km: 'km', dias: 'días' };
