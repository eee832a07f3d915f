import { isAdminRole } from '@shared/roles';
import type { Sql } from 'postgres';
import { LANGUAGES } from '@shared/contracts/auth';
import type { Principal } from '../platform/principal';
import { buildNavigation, flattenNavigation, type MenuRow } from './navigation';

export type { NavigationItem } from './navigation';

export { LANGUAGES };

/** The menu language of new users and of users with none (or an unknown one) stored: Spanish. */
export const DEFAULT_LANGUAGE_ID = 4;

/** The signed-in user (seed 000 §3): role list, data, id_obra, request flags, the home module,
 * and the menu the user may see (modules with the `see` right, root-only ones for root only). */
export async function signedInUser(sql: Sql, principal: Principal) {
  const [u] = await sql`
    SELECT u.id, u.name, u.surname, u.email, u.pic_firma, u.id_obra, u.id_language, u.settings, u.shortcuts,
           u.can_approve_requests, u.can_create_request, r.name AS ro_name, r.admin, r.menu_collapsed, r.horometros,
           m.url AS home
      FROM rm_users u JOIN rm_roles r ON r.id = u.id_role LEFT JOIN rm_modules m ON m.id = r.id_module
     WHERE u.id = ${principal.userId}`;
  const modules = await sql<MenuRow[]>`
    SELECT id, id_parent, type, name, translate, icon, url, root FROM rm_modules
     WHERE estado = 1 AND id_type_user = 1 ORDER BY level, orden, id`;
  const navigation = buildNavigation(modules, (m) => ({
    see: principal.isRoot || (m.root === 0 && (principal.rights.get(m.url ?? '')?.see ?? false)),
    edit: principal.isRoot || (principal.rights.get(m.url ?? '')?.edit ?? false),
  }));
  const language = LANGUAGES.find((l) => l.id === u.id_language) ?? LANGUAGES.find((l) => l.id === DEFAULT_LANGUAGE_ID)!;
  // The home module is a screen of the app the user may open: an item, never a link.
  const screens = flattenNavigation(navigation).filter((i) => i.type === 'item').map((i) => i.url);
  const home = u.home && screens.includes(u.home) ? u.home : screens[0] ?? '/perfil';
  return {
    role: [principal.isRoot ? 'root' : u.admin ? 'admin' : 'staff'],
    data: {
      id: u.id,
      displayName: `${u.name} ${u.surname}`.trim(),
      email: u.email,
      pic: u.pic_firma ? `/uploads/${u.pic_firma}` : null,
      language: language.key,
      ro_name: u.ro_name,
      settings: u.settings,
      shortcuts: u.shortcuts,
    },
    id_obra: u.id_obra,
    can_approve_requests: u.can_approve_requests === 1,
    can_create_request: u.can_create_request === 1,
    // May register hour-meter logs: the profile flag, and root always (horometros/registration-rights).
    horometros: principal.isRoot || u.horometros === 1,
    menu_collapsed: u.menu_collapsed === 1,
    home,
    login_as: principal.originalUserId !== null,
    /** Administrator powers (admin or root profile): cancelling orders, 'login as'. */
    is_admin: isAdminRole(principal.roleId),
    is_root: principal.isRoot,
    navigation,
    languages: LANGUAGES,
  };
}
