import { listSearch, optionalEstado, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** A user or worker as the /users list sends it. */
export type UserRow = {
  id: number;
  name: string;
  surname: string;
  sites: string | null;
  ro_name: string | null;
  email: string | null;
  all_works: number | boolean;
  estado: number;
  phone: string | null;
  date_created: string;
  id_role?: number;
  protected?: number;
  /** The server's answer to "may the caller log in as this user" (the rules of /users/loginAs). */
  can_login_as?: boolean;
};

/** Users and workers (seed 000 §2 /users): filtered by profile and state. */
export const users = defineResource<UserRow>()({
  path: '/users',
  topics: ['user'],
  live: 'banner',
  search: listSearch({ id_role: optionalId, estado: optionalEstado }),
});
