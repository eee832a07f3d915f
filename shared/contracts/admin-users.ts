import * as v from 'valibot';
import { crudItem, crudReplies } from './platform';
import type { ListRow } from './platform';
import { day, estado, flag01, instant, optText, option, ref, rowId } from './platform';

// The reply schemas of the users administration (seed 000 §3) and the types the web reads.

/** A row of GET /users. */
export const userRow = v.object({
  name: v.string(), surname: v.string(), sites: v.string(), ro_name: v.string(), email: optText(), all_works: flag01(), estado: estado(),
  phone: v.string(), date_created: instant(), id: rowId(), id_role: rowId(), document: v.string(), ro_system_user: flag01(), protected: flag01(),
  can_create_request: flag01(), can_approve_requests: flag01(), state_human: v.string(), can_login_as: v.boolean(),
});

/** One of a user's specific sites, with its company. */
export const userObra = v.object({ id: rowId(), id_empresa: rowId(), nombre_empresa: optText(), id_obra: rowId(), nombre_obra: optText() });

/** The stored fields of a user (rm_users). */
export const userItem = {
  id_role: ref(), id_obra: ref(), name: v.string(), surname: v.string(), document: v.string(), phone: v.string(), email: optText(),
  pic_firma: optText(), tipo_trabajo: optText(), fecha_ingreso: v.nullable(day()), fecha_salida: v.nullable(day()), all_works: flag01(),
  can_create_request: flag01(), can_approve_requests: flag01(),
  protected: v.optional(flag01()),
};

/** The user form's item: the stored fields with the profile, state, signature address and sites. */
export const userFormItem = crudItem({
  ...userItem,
  ro_name: optText(),
  ro_system_user: v.nullable(flag01()),
  state_human: v.string(),
  has_password: v.boolean(),
  pic: v.optional(optText()),
  user_obras: v.array(userObra),
});
export const userReplies = crudReplies(userFormItem);

export const userObrasReply = v.object({ id: v.optional(rowId()), user_obras: v.array(userObra) });

const userOption = option({ ro_name: v.string() });
export const usersLookupReply = v.union([
  v.object({ item: v.nullable(userOption) }),
  v.object({ items: v.array(userOption), users: v.array(userOption) }),
]);

const roleOption = option({ system_user: flag01() });
export const rolesLookupReply = v.object({ roles: v.array(roleOption), items: v.array(roleOption) });

export type UserRow = ListRow<typeof userRow>;
export type UserObra = v.InferOutput<typeof userObra>;
export type UserFormItem = v.InferOutput<typeof userFormItem>;
export type RoleOption = v.InferOutput<typeof roleOption>;
