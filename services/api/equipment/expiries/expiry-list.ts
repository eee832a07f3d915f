import * as v from 'valibot';
import { BUSINESS_TODAY_SQL } from '@shared/time';
import { defineList, idFilter } from '../../platform/define-list';
import type { AnyRoute } from '../../platform/route';
import { EXPIRY_DOCUMENTS, EXPIRY_HORIZON_DAYS, expiriesSql } from '@shared/expiry-documents';
import { expiryRow } from '@shared/contracts/equipment';


/**
 * GET /vencimientos and its export (issue 20 "Expiry alerts"; docs/modules/equipment.md): every
 * active machine's SOAT, technical inspection and insurance that expires within 30 days of today
 * (Lima) or has expired, soonest first. Filters: site, document, expired or not; search by code or
 * plate. Rows are limited to the caller's sites. The list follows the machines' records, so it is
 * never stale; the live topic is `equipo`.
 */
export function expiryList(): AnyRoute[] {
  return defineList({
    row: expiryRow,
    path: '/vencimientos',
    title: 'Vencimientos',
    fileBase: 'vencimientos',
    from: `${expiriesSql(BUSINESS_TODAY_SQL)} x`,
    columns: [
      { key: 'codigo', label: 'Equipo', sql: 'x.codigo', sortable: true },
      { key: 'placa', label: 'Placa', sql: "nullif(x.placa, '')", sortable: true },
      { key: 'obra', label: 'Obra', sql: 'x.obra', sortable: true },
      { key: 'documento_nombre', label: 'Documento', sql: 'x.documento_nombre', sortable: true },
      { key: 'vence', label: 'Vence', kind: 'date', sql: "to_char(x.vence, 'YYYY-MM-DD')", sortSql: 'x.vence', sortable: true },
      { key: 'dias', label: 'Días', kind: 'integer', sql: 'x.dias', sortable: true },
      { key: 'situacion', label: 'Situación', sql: "CASE WHEN x.dias < 0 THEN 'Vencido' WHEN x.dias = 0 THEN 'Vence hoy' ELSE 'Por vencer' END", sortSql: 'x.dias', sortable: true },
    ],
    extra: {
      id: "x.id_equipo || '-' || x.documento",
      id_equipo: 'x.id_equipo::int',
      id_obra: 'x.id_obra::int',
      documento: 'x.documento',
      vencido: 'CASE WHEN x.dias < 0 THEN 1 ELSE 0 END',
    },
    search: ['x.codigo', 'x.placa'],
    key: "x.id_equipo, x.documento",
    defaultOrder: { col: 'dias', dir: 'asc' },
    filters: {
      id_obra: idFilter('x.id_obra'),
      documento: {
        schema: v.picklist(EXPIRY_DOCUMENTS.map((d) => d.id), 'Documento no válido'),
        where: (sql, value: string) => sql`x.documento = ${value}`,
      },
      vencido: {
        schema: v.pipe(v.picklist(['0', '1', 0, 1], 'Situación no válida'), v.transform(Number)),
        where: (sql, value: number) => (value === 1 ? sql`x.dias < 0` : sql`x.dias >= 0`),
      },
    },
    // The list's own range: expiring within 30 days, or already expired.
    scope: (sql) => sql`x.dias <= ${EXPIRY_HORIZON_DAYS}`,
    siteColumn: 'x.id_obra',
  });
}
