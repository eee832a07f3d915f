import { listSearch, optionalEstado } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** A profile as the /roles list sends it. */
export type RoleRow = {
  id: number;
  name: string;
  id_type_user: number;
  system_user: number | boolean;
  mo_name: string | null;
  num_users: number | string;
  estado: number;
  protected?: number;
};

/** The profiles (seed 000 §2 /roles): 15 per page unless the URL says otherwise. A saved profile
 * changes its users' menus, so writes also refresh `/me`. */
export const roles = defineResource<RoleRow>()({
  path: '/roles',
  topics: ['role'],
  live: 'banner',
  search: listSearch({ estado: optionalEstado }),
  pageSize: 15,
  alsoInvalidates: [['me']],
});
