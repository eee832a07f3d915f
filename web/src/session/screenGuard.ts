import { moduleRights, type Me } from './me';

/** The notice of a screen opened without the `see` right on its module (issue 13 §13). */
export const MSG_SCREEN_FORBIDDEN = 'No tiene permiso para ver esa pantalla';

/** Screens every signed-in user may open: the home redirect, the fallback page and the profile. */
const isFree = (routeId: string) => routeId === '/_app/' || routeId === '/_app/$' || routeId.startsWith('/_app/perfil');

/** The module (menu url) whose `see` right a screen needs: its first path segment, as every module
 * screen lives under its menu url (`/ordenes_trabajo/12/editar` → `/ordenes_trabajo`), or null
 * for the screens anyone signed in may open (`routeIds`: the matched routes, leaf last). */
export function screenModule(pathname: string, routeIds: string[]): string | null {
  const leaf = routeIds[routeIds.length - 1] ?? '';
  if (isFree(leaf)) return null;
  const segment = pathname.split('/').filter(Boolean)[0];
  return segment ? `/${segment}` : null;
}

/** Whether the user may open the screen: no module needed, or the `see` right on it. */
export function mayOpen(me: Me, module: string | null): boolean {
  return module === null || me.is_root || moduleRights(me, module).see;
}

let pending: string | null = null;

/** A notice for the next screen shown (the guard runs before any component can show a toast). */
export function setPendingNotice(message: string) {
  pending = message;
}

/** The pending notice, once. */
export function takePendingNotice(): string | null {
  const message = pending;
  pending = null;
  return message;
}
