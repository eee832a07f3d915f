/** The PM board's bands (issue 20), apart from shared/pm-forecast.ts so the web's eager route
 * table can name them without pulling the forecast and its clock into the sign-in bundle. */
export const PM_ESTADOS = ['vencido', 'proximo_7', 'proximo_30', 'al_dia', 'sin_uso'] as const;
export type PmEstado = (typeof PM_ESTADOS)[number];
