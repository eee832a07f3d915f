import * as v from 'valibot';
import { closeSession } from '../auth/sessions';
import { ApiError, NOT_FOUND } from '../platform/api-error';
import { ROOT_ROLE_ID } from '@shared/roles';
import { defineList } from '../platform/define-list';
import { defineRoute, moduleAccess, type AnyRoute } from '../platform/route';
import { sessionRow } from '@shared/contracts/sessions';
import { noPayload } from '@shared/contracts/platform';

export const ROOT_SESSIONS_ONLY_ROOT = 'Solo el usuario root puede cerrar las sesiones de root';

/** /sessions (seed 000 §2): the open and closed sessions, and closing one. */
export function sessionRoutes(): AnyRoute[] {
  return [
    ...defineList({
      row: sessionRow,
      path: '/sessions',
      title: 'Sesiones',
      fileBase: 'sesiones',
      from: 'auth_sessions s JOIN rm_users u ON u.id = s.id_user LEFT JOIN auth_session_use su ON su.id_session = s.id',
      columns: [
        { key: 'user_name', label: 'Usuario', sql: "u.name || ' ' || u.surname", sortable: true },
        { key: 'platform', label: 'Plataforma', sql: 's.platform', sortable: true },
        { key: 'language', label: 'Idioma', sql: 's.language' },
        { key: 'os', label: 'Sistema', sql: 's.os' },
        { key: 'os_version', label: 'Versión', sql: 's.os_version' },
        { key: 'device_brand', label: 'Marca', sql: 's.device_brand' },
        { key: 'device_model', label: 'Modelo', sql: 's.device_model' },
        { key: 'app_version', label: 'Versión de app', sql: 's.app_version' },
        { key: 'uuid', label: 'UUID', sql: 's.uuid' },
        { key: 'date_expiration', label: 'Expira', sql: 's.date_expiration', kind: 'datetime', sortable: true },
        { key: 'date_updated', label: 'Actualizado', sql: 'GREATEST(s.date_updated, su.date_used)', kind: 'datetime', sortable: true },
        { key: 'date_deleted', label: 'Eliminado', sql: 's.date_deleted', kind: 'datetime', sortable: true },
      ],
      extra: { id: 's.id', id_user: 's.id_user', login_as: '(s.id_user_original IS NOT NULL)' },
      search: ["u.name || ' ' || u.surname", 's.platform', 's.device_model'],
      dateColumn: 's.date_created',
      key: 's.id',
      defaultOrder: { col: 'date_updated', dir: 'desc' },
      filters: {
        activas: {
          schema: v.pipe(v.picklist(['0', '1', 0, 1]), v.transform(Number)),
          where: (sql, value: number) => (value ? sql`s.date_deleted IS NULL` : sql`s.date_deleted IS NOT NULL`),
        },
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/sessions/remove',
      access: moduleAccess('/sessions', 'edit'),
      summary: 'Cerrar una sesión: su token deja de servir en la siguiente solicitud y sus sockets se desconectan (las de root, solo root)',
      input: v.object({ id: v.pipe(v.string(), v.uuid('Identificador inválido')) }),
      output: noPayload(),
      async handler({ input, deps, metadata, principal }) {
        const [row] = await deps.sql`SELECT s.date_deleted, u.id_role FROM auth_sessions s JOIN rm_users u ON u.id = s.id_user WHERE s.id = ${input.id}`;
        if (!row) throw new ApiError(404, NOT_FOUND);
        if (Number(row.id_role) === ROOT_ROLE_ID && !principal.isRoot) throw new ApiError(403, ROOT_SESSIONS_ONLY_ROOT);
        await closeSession(deps.store, input.id, 'revoked', metadata);
        return { msg: 'Eliminado correctamente' };
      },
    }),
  ];
}
