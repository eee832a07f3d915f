import { defineList, idFilter, estadoFilter } from '../../platform/define-list';
import { ADMIN_ROLE_ID, ROOT_ROLE_ID } from '@shared/roles';
import type { AnyRoute } from '../../platform/route';
import { userRow } from '@shared/contracts/admin-users';

/** Seed 000 §2, /users: users and workers with their sites ('Todas' when tied to every site),
 * profile, e-mail, state, phone and creation date; plus its exports. Row extras let the screen
 * offer edit, enable/disable and 'login as' (can_login_as: for a root or admin caller, an active
 * system user other than root and other than the caller, the rules of /users/loginAs). */
export function userListRoutes(): AnyRoute[] {
  return defineList({
    row: userRow,
    path: '/users',
    module: '/users',
    title: 'Usuarios',
    fileBase: 'usuarios',
    from: `rm_users u
      JOIN rm_roles r ON r.id = u.id_role
      LEFT JOIN LATERAL (
        SELECT string_agg(o.nombre, ', ' ORDER BY o.nombre) AS nombres
          FROM rm_user_obras uo JOIN rm_obras o ON o.id = uo.id_obra
         WHERE uo.id_user = u.id
      ) s ON TRUE`,
    columns: [
      { key: 'name', label: 'Nombre', sql: 'u.name', sortable: true },
      { key: 'surname', label: 'Apellidos', sql: 'u.surname', sortable: true },
      { key: 'sites', label: 'Obras', sql: "CASE WHEN u.all_works = 1 THEN 'Todas' ELSE coalesce(s.nombres, '') END", sortable: true },
      { key: 'ro_name', label: 'Perfil', sql: 'r.name', sortable: true },
      { key: 'email', label: 'Correo', sql: 'u.email', sortable: true },
      { key: 'all_works', label: 'Todas las obras', kind: 'bool', sql: 'u.all_works', sortable: true },
      { key: 'estado', label: 'Estado', kind: 'bool', sql: 'u.estado', sortable: true },
      { key: 'phone', label: 'Teléfono', sql: 'u.phone' },
      { key: 'date_created', label: 'Creado', kind: 'datetime', sql: 'u.date_created', sortable: true },
    ],
    extra: {
      id: 'u.id',
      id_role: 'u.id_role',
      document: 'u.document',
      ro_system_user: 'r."system_user"',
      protected: 'u.protected',
      can_create_request: 'u.can_create_request',
      can_approve_requests: 'u.can_approve_requests',
      state_human: "CASE WHEN u.estado = 1 THEN 'Activo' ELSE 'Inactivo' END",
      can_login_as: '(r."system_user" = 1 AND u.id_role <> 1 AND u.estado = 1)',
    },
    rowRights({ principal }) {
      const mayLoginAs = principal !== null && (principal.isRoot || principal.roleId === ROOT_ROLE_ID || principal.roleId === ADMIN_ROLE_ID);
      return (row) => ({ can_login_as: mayLoginAs && Boolean(row.can_login_as) && row.id !== principal?.userId });
    },
    search: ['u.name', 'u.surname', "u.name || ' ' || u.surname", 'u.email', 'u.document'],
    dateColumn: 'u.date_created',
    key: 'u.id',
    defaultOrder: { col: 'name', dir: 'asc' },
    filters: {
      id_role: idFilter('u.id_role'),
      estado: estadoFilter('u.estado'),
    },
  });
}
