import { ADMIN_ROLE_ID, ROOT_ROLE_ID } from '@shared/roles';

/** Whether the users form offers sites for a profile (seed 000 §6: workers are tied to all sites or
 * to company and site pairs; this is not offered for the admin profile): neither 'Todas las obras'
 * nor the 'Obras' assignment for admin and root, which see every site anyway. */
export function offersSites(idRole: number | null): boolean {
  return idRole !== ADMIN_ROLE_ID && idRole !== ROOT_ROLE_ID;
}
