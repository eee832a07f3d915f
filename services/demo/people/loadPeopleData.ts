import { createRecord } from '../../../events/record/commands';
import type { EventStore } from '../../../events/store';
import { DEFAULT_LANGUAGE_ID } from '../../api/auth/me';
import { PER_SITE, WORKER_ROLES, workerEmail, workerIdentity, type WorkerRole } from './demo-workers';

type Site = { id: number; id_empresa: number; codigo: string };

/** Roles whose profile is a system user (the users form asks them an e-mail); operators are not. */
const SYSTEM_ROLES = new Set<WorkerRole>(['mecanico', 'supervisor', 'jefe', 'almacenObra']);

/** The workers of the demo sites (seed 001 §7 'Lookups': operators, mechanics, supervisors, jefes
 * de equipos, site warehouse keepers), created through the same record commands as the users
 * screen: a `user-{id}` record tied to its own site (id_obra, all_works 0) and a `user_obra-{id}`
 * assignment. Per site 3–4 operators, 2 mechanics, 1 supervisor and 1 site warehouse keeper; one
 * jefe de equipos per company, assigned to every site of it. None has a password. Does nothing
 * when the workers were already loaded. */
export async function loadPeopleData(store: EventStore): Promise<{ workers: number }> {
  const first = workerIdentity(0);
  const [loaded] = await store.sql`SELECT 1 FROM rm_users WHERE document = ${first.document} LIMIT 1`;
  if (loaded) return { workers: 0 };
  const sites = await store.sql<Site[]>`SELECT id, id_empresa, codigo FROM rm_obras ORDER BY id`;
  const metadata = { userId: null, requestId: 'demo-data' };
  let n = 0;

  async function worker(role: WorkerRole, ownSite: Site | null, assigned: Site[]) {
    const who = workerIdentity(n);
    const { id } = await createRecord(store, 'user', {
      id_role: WORKER_ROLES[role], id_obra: ownSite?.id ?? null, name: who.name, surname: who.surname, document: who.document,
      phone: `9${String(61_000_000 + n * 7_919).padStart(8, '0')}`, email: SYSTEM_ROLES.has(role) ? workerEmail(who.name, who.surname, n) : null,
      pic_firma: null, tipo_trabajo: null, fecha_ingreso: null, fecha_salida: null, all_works: 0, can_approve_requests: 0,
      can_create_request: role === 'supervisor' || role === 'jefe' ? 1 : 0, id_language: DEFAULT_LANGUAGE_ID, settings: {}, shortcuts: [], protected: 0, estado: 1,
    }, { metadata });
    for (const site of assigned) {
      await createRecord(store, 'user_obra', { id_user: id, id_empresa: site.id_empresa, id_obra: site.id, estado: 1 }, { metadata });
    }
    n++;
  }

  for (const [i, site] of sites.entries()) {
    for (const { role, count } of PER_SITE) for (let k = 0; k < count(i); k++) await worker(role, site, [site]);
  }
  for (const empresa of [...new Set(sites.map((s) => s.id_empresa))]) {
    await worker('jefe', null, sites.filter((s) => s.id_empresa === empresa));
  }
  return { workers: n };
}
