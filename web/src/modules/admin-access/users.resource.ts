import { listSearch, optionalEstado, optionalId } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** The server's reply type (services/api/admin/users/user-contracts.ts). */
import type { UserRow } from '@shared/contracts/admin-users';

export type { UserRow };

/** Users and workers (seed 000 §2 /users): filtered by profile and state. */
export const users = defineResource<UserRow>()({
  path: '/users',
  topics: ['user'],
  live: 'banner',
  search: listSearch({ id_role: optionalId, estado: optionalEstado }),
});
