import { createRecord } from '../../events/record/commands';
import type { TestApi } from './api';

// The fixture of a notice sent to a site's planners (the fleet chief and the site's supervisor):
// the site, and a supervisor of another site who must never hear of it.

type Site = { codigo: string; nombre: string };

/** A new company with the site `obra` and a second site `otra`, and `outsider` made supervisor
 * (profile 15) of the second site only. Returns the first site's id and the outsider's user id. */
export async function createPlannedSite(
  api: TestApi,
  obra: Site,
  otra: Site,
  outsider: { name: string; surname: string; document: string; email: string },
): Promise<{ obra: number; otraObra: number }> {
  const empresa = (await createRecord(api.store, 'empresa', { nombre: 'Empresa de prueba', ruc: '', estado: 1 })).id;
  const site = (o: Site) => createRecord(api.store, 'obra', { id_empresa: empresa, ...o, direccion: '', ciudad: 'Lima', gastos_generales: 0, estado: 1 });
  const id = (await site(obra)).id;
  const other = (await site(otra)).id;
  const otraObra = (await createRecord(api.store, 'user', { id_role: 15, id_obra: other, ...outsider, all_works: 0, estado: 1 })).id;
  return { obra: id, otraObra };
}

/** The notifications about machine `codigo` (texts reading "… de {codigo} …"), in id order. */
export function noticesOf(api: TestApi, codigo: string) {
  return api.sql<{ id_user: number; contenido: string }[]>`SELECT id_user::int, contenido FROM rm_notifications WHERE contenido LIKE ${`% de ${codigo} %`} ORDER BY id`;
}

/** The user id of the account `email`. */
export async function userIdOf(api: TestApi, email: string): Promise<number> {
  return Number((await api.sql`SELECT id FROM rm_users WHERE email = ${email}`)[0].id);
}
