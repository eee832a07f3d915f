import type { Fragment, Sql } from 'postgres';
import * as v from 'valibot';
import { int, positiveId, text } from '../platform/fields';
import { can } from '../platform/principal';
import { defineRoute, type AnyRoute } from '../platform/route';
import { peopleLookupReply } from '@shared/contracts/sites';

/** Seed 001 §9 profile ids of the people a work order names. */
export const PEOPLE_ROLES = { operador: 11, mecanico: 14, supervisor: 15, jefe: 17, almacenObra: 19 } as const;

export const MSG_OBRA_REQUERIDA = 'Seleccione primero la obra';

/** Whether person `u` (rm_users alias) works at site `idObra`: tied to every site (all_works), their
 * own site, or one of their assigned sites (rm_user_obras), as the users screen sets it. The
 * people lookups and the work-order save use the same rule. */
export function worksAtSite(sql: Sql, idObra: number): Fragment {
  return sql`(u.all_works = 1 OR u.id_obra = ${idObra}
    OR EXISTS (SELECT 1 FROM rm_user_obras uo WHERE uo.id_user = u.id AND uo.id_obra = ${idObra} AND uo.estado = 1))`;
}

type PeopleLookup = { path: string; roleId: number; summary: string; siteRequired?: boolean };

/** Seed 001 §7 'Lookups' and §9: select lists load 100 items by default, 500 for filters. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;

const LABEL = "trim(u.name || ' ' || u.surname)";

function peopleLookup(cfg: PeopleLookup): AnyRoute {
  // A missing site reads 'Seleccione primero la obra' (not the generic 'required') for the select
  // that depends on it.
  const obra = cfg.siteRequired
    ? v.pipe(v.optional(v.unknown(), ''), v.check((x) => x !== undefined && x !== null && x !== '', MSG_OBRA_REQUERIDA), positiveId())
    : v.optional(positiveId());
  const schema = v.object({
    query: v.optional(text(100)),
    value: v.optional(positiveId()),
    limit: v.optional(v.pipe(int(), v.minValue(1, 'Debe ser mayor o igual a 1'), v.maxValue(MAX_LIMIT, `Máximo ${MAX_LIMIT} opciones`)), DEFAULT_LIMIT),
    id_obra: obra,
  });
  return defineRoute({
    method: 'GET',
    path: cfg.path,
    access: { kind: 'signed_in' },
    summary: cfg.summary,
    input: schema,
    output: peopleLookupReply,
    async handler({ input, deps, principal }) {
      const { sql } = deps;
      const site = input.id_obra ? sql`AND ${worksAtSite(sql, input.id_obra)}` : sql``;
      const query = (input.query ?? '').trim();
      const like = `%${query.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
      // Staff personal data (issue 13 §10): a select needs names; searching by national ID would
      // reveal whose it is, so only those who administer users may.
      const byDocument = can(principal, '/users', 'see') ? sql`OR unaccent_lower(u.document) LIKE unaccent_lower(${like})` : sql``;
      const search = query ? sql`AND (unaccent_lower(${sql.unsafe(LABEL)}) LIKE unaccent_lower(${like}) ${byDocument})` : sql``;
      const byValue = input.value !== undefined ? sql`AND u.id = ${input.value}` : sql``;
      const rows = await sql`
        SELECT u.id AS value, ${sql.unsafe(LABEL)} AS label, u.name, u.surname, u.id_obra
          FROM rm_users u
         WHERE u.id_role = ${cfg.roleId} AND u.estado = 1 ${site} ${search} ${byValue}
         ORDER BY 2, u.id
         LIMIT ${input.value !== undefined ? 1 : input.limit}`;
      if (input.value !== undefined) return { item: rows[0] ?? null };
      return { items: [...rows] };
    },
  });
}

/** The people selects of the work-order form (seed 001 §7 'Lookups'): active users of one profile,
 * restricted to a site when `id_obra` is sent (required for the site warehouse keepers), labelled
 * 'name surname' as the users' autocomplete does; any signed-in user may read them. They carry
 * what a select needs, never national IDs or signatures (the OT PDF prints those itself). */
export function peopleLookupRoutes(): AnyRoute[] {
  return [
    peopleLookup({ path: '/fil_datas/operadores', roleId: PEOPLE_ROLES.operador, summary: 'Operadores activos (de la obra id_obra si se envía)' }),
    peopleLookup({ path: '/fil_datas/supervisores', roleId: PEOPLE_ROLES.supervisor, summary: 'Supervisores de equipos activos (de la obra id_obra si se envía)' }),
    peopleLookup({ path: '/fil_datas/mecanicos', roleId: PEOPLE_ROLES.mecanico, summary: 'Mecánicos activos (de la obra id_obra si se envía)' }),
    peopleLookup({ path: '/fil_datas/jefesSupervisores', roleId: PEOPLE_ROLES.jefe, summary: 'Jefes de equipos activos (de la obra id_obra si se envía)' }),
    peopleLookup({ path: '/fil_datas/almacenerosDeObra', roleId: PEOPLE_ROLES.almacenObra, summary: 'Almaceneros de obra activos de la obra id_obra (obligatoria)', siteRequired: true }),
  ];
}
