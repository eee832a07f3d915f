import type { Sql } from 'postgres';
import { loadUserObras } from './load-user-sites';

/** The user or worker as the form shows it (seed 000 §3): the record, its profile (ro_name,
 * ro_system_user), state_human, its specific sites, whether a password is set (never the hash),
 * dates as yyyy-MM-dd. Null when there is no such user. */
export async function loadUserItem(sql: Sql, userId: number): Promise<Record<string, unknown> | null> {
  const [item] = await sql`
    SELECT u.id, u.id_role, u.id_obra, u.name, u.surname, u.document, u.phone, u.email, u.pic_firma, u.tipo_trabajo,
           to_char(u.fecha_ingreso, 'YYYY-MM-DD') AS fecha_ingreso, to_char(u.fecha_salida, 'YYYY-MM-DD') AS fecha_salida,
           u.all_works, u.can_create_request, u.can_approve_requests, u.protected, u.estado, u.date_created,
           r.name AS ro_name, r."system_user" AS ro_system_user,
           CASE WHEN u.estado = 1 THEN 'Activo' ELSE 'Inactivo' END AS state_human,
           EXISTS (SELECT 1 FROM auth_credentials c WHERE c.id_user = u.id) AS has_password
      FROM rm_users u LEFT JOIN rm_roles r ON r.id = u.id_role
     WHERE u.id = ${userId}`;
  if (!item) return null;
  return { ...item, pic: item.pic_firma ? `/uploads/${item.pic_firma}` : null, user_obras: await loadUserObras(sql, userId) };
}
