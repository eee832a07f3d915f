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

/** The eleven master-data modules (seed 001 §2: "access for master-data modules is restricted to
 * the admin role"), by menu url. They stay with the admin profile (and root): no other profile can
 * be granted them in /roles (docs/DECISIONS.md, "Master data"). */
export const MASTER_DATA_MODULES: readonly string[] = [
  '/unidades', '/conversion_unidades', '/marcas', '/modelos', '/grupos_funcionales', '/grupo_funcional_elementos',
  '/equipo_grupos', '/equipo_subgrupos', '/equipo_productos', '/materiales', '/material_tipos',
];

/** Whether a profile may hold rights on the module at `url`: master data only for admin and root. */
export function profileMayHold(roleId: number, url: string | null): boolean {
  return url === null || !MASTER_DATA_MODULES.includes(url) || isAdminRole(roleId);
}
