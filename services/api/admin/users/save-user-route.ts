import * as v from 'valibot';
import { execute } from '../../../../events/execute';
import type { Fields } from '../../../../events/record/record';
import { emailAlreadyTaken, refuseUserSave, users } from '../../../../events/record/user';
import { DEFAULT_LANGUAGE_ID } from '../../auth/me';
import { endUserSessions } from '../../auth/sessions';
import { hashPassword } from '../../auth/internal/password';
import { checkedSignature, SIGNATURE_POLICY } from '../../auth/profile-routes';
import { ApiError, NOT_FOUND } from '../../platform/api-error';
import { SAVED } from '../../platform/define-crud';
import { id } from '../../platform/fields';
import { ROOT_ROLE_ID } from '@shared/roles';
import { defineRoute, moduleAccess, type AnyRoute } from '../../platform/route';
import { storeUpload } from '../../platform/upload/storeUpload';
import { assertMayManageUser, otherActiveRoots } from './assert-may-manage-user';
import { loadUserItem } from './load-user-item';
import { userFields } from './user-fields';
import { validateUser, type StoredUser } from './validate-user';
import { userReplies } from '@shared/contracts/admin-users';

/** What a new user's record starts with besides the form's fields. */
const NEW_USER: Fields = {
  id_obra: null, phone: '', email: null, pic_firma: null, tipo_trabajo: null, fecha_ingreso: null, fecha_salida: null,
  all_works: 0, can_approve_requests: 0, can_create_request: 0, id_language: DEFAULT_LANGUAGE_ID, settings: {}, shortcuts: [], protected: 0,
};

const saveInput = v.object({
  id: v.optional(id(), 0),
  ...userFields,
  /** Optional; '' or null means "leave it as it is". Never trimmed. */
  password: v.optional(
    v.pipe(
      v.union([v.pipe(v.string('Debe ser texto'), v.maxLength(200, 'Máximo 200 caracteres')), v.null()], 'Debe ser texto'),
      v.transform((s) => s || undefined),
    ),
  ),
});

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e?.code === '23505' && e.constraint_name === constraint;
}

/** `POST /users/create`: defineCrud's save plus the password. The record goes through the record
 * decider; a given password is hashed (argon2id) and written to auth_credentials as a generic one
 * (the user changes it at the next sign-in) in the same transaction, through `within`; the events
 * carry only `PasswordChanged`, never the hash. */
export function saveUserRoute(): AnyRoute {
  return defineRoute({
    method: 'POST',
    path: '/users/create',
    access: moduleAccess('/users', 'edit'),
    summary: 'Crear (id 0) o guardar usuario o trabajador; contraseña opcional (genérica); firma pic_firma por multipart',
    input: saveInput,
    bodyLimit: Math.max(1024 * 1024, (SIGNATURE_POLICY.maxKb + 64) * 1024),
    output: userReplies.save,
    async handler({ input, deps, principal, metadata, files }) {
      const { id: itemId, password, ...values } = input;
      const isNew = itemId === 0;
      let stored: StoredUser | null = null;
      if (!isNew) {
        const [row] = await deps.sql<StoredUser[]>`
          SELECT id, id_role, email, to_char(fecha_ingreso, 'YYYY-MM-DD') AS fecha_ingreso,
                 to_char(fecha_salida, 'YYYY-MM-DD') AS fecha_salida, protected
            FROM rm_users WHERE id = ${itemId}`;
        if (!row) throw new ApiError(404, NOT_FOUND);
        assertMayManageUser(principal, row);
        stored = row;
      }
      const errors = await validateUser(deps.sql, { ...values, password }, stored, principal);
      // How many other active root users there are matters only when a root user's role changes.
      const roots = stored && stored.id_role === ROOT_ROLE_ID && values.id_role !== ROOT_ROLE_ID && !errors.id_role ? await otherActiveRoots(deps.sql, stored.id) : null;
      refuseUserSave({ errors, fromRole: stored?.id_role ?? null, toRole: values.id_role, otherActiveRoots: roots });

      const fields: Fields = {};
      for (const [key, value] of Object.entries(values)) if (value !== undefined) fields[key] = value;
      const signature = files[SIGNATURE_POLICY.field];
      if (signature) {
        fields.pic_firma = await storeUpload(deps.config.uploadsDir, await checkedSignature(signature));
      }

      const hash = password ? await hashPassword(password) : null;
      let userId = itemId;
      try {
        await execute(deps.store, async (c) => {
          // A new user's id is allocated in the command: a refused save burns none.
          if (isNew) userId = await c.nextId('user');
          const user = isNew ? c.start(users, userId) : await c.load(users, userId);
          user.decide(isNew ? { type: 'CreateRecord', id: userId, fields: { ...NEW_USER, ...fields, estado: 1 } } : { type: 'UpdateRecord', id: userId, fields });
          if (!hash) return;
          // A password set by an administrator is recorded (never its hash) and ends the user's
          // sessions (all but the one making the change, when the administrator sets their own).
          user.decide({ type: 'ChangePassword', id: userId, by: 'admin' });
          const except = principal.userId === userId ? principal.sessionId : null;
          await endUserSessions(c, userId, { except, reason: 'password_changed', now: deps.now() });
        }, {
          metadata,
          // The hash is written as a generic one (changed at the next sign-in), after the user's
          // row exists, in the same transaction.
          within: hash
            ? async (tx) => {
                await tx`INSERT INTO auth_credentials (id_user, password_hash, generic, updated_at) VALUES (${userId}, ${hash}, 1, now())
                  ON CONFLICT (id_user) DO UPDATE SET password_hash = excluded.password_hash, generic = 1, updated_at = now()`;
              }
            : undefined,
        });
      } catch (error) {
        // Two saves of one e-mail at once: the read table's unique index refuses the second.
        if (isUniqueViolation(error, 'rm_users_email')) throw emailAlreadyTaken();
        throw error;
      }
      return { item: await loadUserItem(deps.sql, userId), is_new: isNew, msg: SAVED };
    },
  });
}
