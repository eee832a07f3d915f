// The two protected profiles (seed 001 §9; docs/DECISIONS.md "Root"): their ids are fixed.

/** Root: every right without a permission table, root-only modules. */
export const ROOT_ROLE_ID = 1;
/** The administrator profile. */
export const ADMIN_ROLE_ID = 16;

export function isRootRole(roleId: number): boolean {
  return roleId === ROOT_ROLE_ID;
}

/** Administrator powers (cancel a work order, 'login as', every site, no hour-meter window):
 * the admin profile, and root, which has every right. */
export function isAdminRole(roleId: number): boolean {
  return roleId === ADMIN_ROLE_ID || roleId === ROOT_ROLE_ID;
}
