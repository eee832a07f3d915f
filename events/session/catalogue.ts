import { defineCatalogue } from '../catalogue';
import type { SessionEvent } from './types';

/** Sign-in sessions. Private: no record topics; a closed session disconnects its sockets on every
 * API process through `session_closed:{id}`. */
export const sessionCatalogue = defineCatalogue<SessionEvent>()({
  SessionOpened: { label: 'Inicio de sesión', name: 'inició sesión', icon: 'login', color: 'primary', topics: [] },
  SessionClosed: { label: 'Cierre de sesión', name: 'cerró sesión', icon: 'logout', color: 'secondary', topics: ['session_closed:{id}'] },
});
