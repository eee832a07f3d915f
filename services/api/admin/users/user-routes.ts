import { defineCrud } from '../../platform/define-crud';
import type { AnyRoute } from '../../platform/route';
import { loginAsRoute } from './login-as-route';
import { saveUserRoute } from './save-user-route';
import { userFields } from './user-fields';
import { userFormRoute } from './user-form-route';
import { userListRoutes } from './user-list-routes';
import { userLookupRoutes } from './user-lookup-routes';
import { userObraRoutes } from './user-site-routes';
import { userStateRoute } from './user-state-routes';
import { userItem } from '@shared/contracts/admin-users';

/** Users and workers administration (seed 000 §2-§3, /users): the list and its exports; the modal
 * CRUD of defineCrud on `user-{id}` record streams, whose save is replaced by one that also sets
 * the optional password and whose form adds profile and sites; site assignment; 'login as'; the
 * users and profiles selects. Protected users (root) cannot be disabled or removed (the record
 * decider refuses); only root acts on a root user; disabling or removing a user ends its sessions. */
export function userRoutes(): AnyRoute[] {
  const crud = defineCrud({
    endpoint: '/users',
    module: '/users',
    entity: 'user',
    title: 'usuario',
    table: 'rm_users',
    item: userItem,
    fields: userFields,
    defaults: {
      id_role: null, id_obra: null, name: '', surname: '', document: '', phone: '', email: '', pic_firma: null, tipo_trabajo: '',
      fecha_ingreso: null, fecha_salida: null, all_works: 0, can_create_request: 0, can_approve_requests: 0,
    },
  }).map((route) => {
    if (route.path === '/users/create') return saveUserRoute();
    if (route.path === '/users/form') return userFormRoute(route);
    if (route.path === '/users/enable') return userStateRoute(route, 'enable');
    if (route.path === '/users/disable') return userStateRoute(route, 'disable');
    if (route.path === '/users/remove') return userStateRoute(route, 'remove');
    return route;
  });
  return [...userListRoutes(), ...crud, ...userObraRoutes(), loginAsRoute(), ...userLookupRoutes()];
}
