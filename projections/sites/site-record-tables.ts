import type { RecordTable } from '../records';

/** Companies, sites and a user's site assignments: generic record streams (`empresa-{id}`,
 * `obra-{id}`, `user_obra-{id}`) copied column by column into their read tables
 * (migrations/0007_sites_and_users.sql; the site's plazo_necesidad_dias, 0089). */
export const siteRecordTables: RecordTable[] = [
  { streamType: 'empresa', table: 'rm_empresas', columns: ['nombre', 'ruc'] },
  { streamType: 'obra', table: 'rm_obras', columns: ['id_empresa', 'codigo', 'nombre', 'direccion', 'ciudad', 'gastos_generales', 'monto_total', 'plazo_necesidad_dias'] },
  { streamType: 'user_obra', table: 'rm_user_obras', columns: ['id_user', 'id_empresa', 'id_obra'] },
];
