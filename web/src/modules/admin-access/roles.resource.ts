import { listSearch, optionalEstado } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** The server's reply type (services/api/admin/admin-contracts.ts). */
import type { RoleRow } from '@shared/contracts/admin';

export type { RoleRow };

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
