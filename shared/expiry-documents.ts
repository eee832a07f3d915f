/** The machine documents that expire (issue 20 "Expiry alerts"; docs/modules/equipment.md
 * "Expiries"): SOAT (`soat_vence`), the technical inspection (`rv_vence`) and the insurance, whose
 * year starts on `fecha_llegada` (else `fecha_compra`) and renews on each anniversary while the
 * machine carries an annual cost (`costo_anual_seguro` > 0): its expiry is the end of the
 * insurance year that holds the day. */
export const EXPIRY_DOCUMENTS = [
  { id: 'soat', nombre: 'SOAT' },
  { id: 'rv', nombre: 'Revisión técnica' },
  { id: 'seguro', nombre: 'Seguro' },
] as const;

export type ExpiryDocument = (typeof EXPIRY_DOCUMENTS)[number]['id'];

/** Days ahead that the list shows and the first notice is sent. */
export const EXPIRY_HORIZON_DAYS = 30;

/** The notices before an expiry, in days (issue 20: 30, 7 and 1 day before). */
export const EXPIRY_NOTICE_DAYS = [30, 7, 1] as const;

/**
 * The notice a document is due for with `dias` days left: the smallest threshold it has reached
 * (8–30 days left → 30, 2–7 → 7, 0–1 → 1), none beyond 30 days or once expired. One notice per
 * threshold: a day the job did not run is caught up by the next run of the same bucket, and a
 * document first seen at 5 days left gets the 7-day notice only, never the 30-day one too.
 */
export function noticeFor(dias: number): (typeof EXPIRY_NOTICE_DAYS)[number] | null {
  if (dias < 0 || dias > EXPIRY_HORIZON_DAYS) return null;
  if (dias <= 1) return 1;
  if (dias <= 7) return 7;
  return 30;
}

/** The notice's text. */
export function expiryNotice(row: { documento: ExpiryDocument; codigo: string; obra: string; vence: string; dias: number }, formatDate: (d: string) => string): string {
  const doc = EXPIRY_DOCUMENTS.find((d) => d.id === row.documento)?.nombre ?? row.documento;
  const when = row.dias === 0 ? 'vence hoy' : row.dias === 1 ? 'vence mañana' : `vence en ${row.dias} días`;
  return `${doc} de ${row.codigo} (${row.obra}) ${when}, el ${formatDate(row.vence)}`;
}

/** The SQL of every dated document of every active machine, with the days left counted from
 * `today` (an SQL date expression, trusted): one row per machine and document. */
export function expiriesSql(today: string): string {
  const start = 'coalesce(e.fecha_llegada, e.fecha_compra)';
  const seguro = `CASE WHEN e.costo_anual_seguro > 0 AND ${start} IS NOT NULL
      THEN (${start} + make_interval(years => greatest(date_part('year', age(${today}, ${start}))::int, 0) + 1))::date END`;
  const nombre = `CASE d.documento ${EXPIRY_DOCUMENTS.map((x) => `WHEN '${x.id}' THEN '${x.nombre}'`).join(' ')} END`;
  return `(SELECT e.id AS id_equipo, e.codigo, e.placa, e.id_obra, o.nombre AS obra, d.documento, ${nombre} AS documento_nombre,
                  d.vence, (d.vence - ${today})::int AS dias
             FROM rm_equipos e
             JOIN rm_obras o ON o.id = e.id_obra
             CROSS JOIN LATERAL (VALUES ('soat', e.soat_vence), ('rv', e.rv_vence), ('seguro', ${seguro})) d(documento, vence)
            WHERE e.estado = 1 AND d.vence IS NOT NULL)`;
}
