import { frenteObraItem, frenteObraOption, frenteObraRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { siteScope } from '../platform/site-scope';
import { requiredRef } from './catalogue-fields';
import { defineCatalogue } from './define-catalogue';
import { idFilter } from './list-parts';

export const MSG_FRENTE_SITE_LOCKED = 'No se puede cambiar la obra: hay solicitudes con este frente';

/** /frentes_obra: the fronts of a work site (issue 29; seed 002 §2 lists the request's "work-site
 * front" in the expanded detail and names no catalogue). Site, codigo and nombre required; the
 * code unique within its site. A request's front belongs to the request's site (save-request.ts),
 * so a front a request names neither moves to another site nor is removed. The list and the
 * select show only the caller's sites (platform/site-scope); the select needs the site. */
export function frentesObraRoutes(): AnyRoute[] {
  return defineCatalogue({
    path: '/frentes_obra', title: 'Frentes de obra', fileBase: 'frentes_obra',
    entity: 'frente_obra', name: 'frente de obra', table: 'rm_frentes_obra', alias: 'f',
    from: `rm_frentes_obra f
      JOIN rm_obras o ON o.id = f.id_obra`,
    row: frenteObraRow,
    columns: [
      { key: 'obra', label: 'Obra', sql: "o.codigo || ' - ' || o.nombre", sortable: true },
      { key: 'codigo', label: 'Código', sql: 'f.codigo', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'f.nombre', sortable: true },
      { key: 'solicitudes', label: 'Solicitudes', kind: 'integer', sql: '(SELECT count(*) FROM rm_solicitudes_compras r WHERE r.id_frente_obra = f.id)', sortable: true },
    ],
    extra: { id_obra: 'f.id_obra' },
    search: ['f.codigo', 'f.nombre', 'o.codigo', 'o.nombre'],
    key: 'f.codigo, f.id',
    defaultOrder: { col: 'obra', dir: 'asc' },
    filters: { id_obra: idFilter('f.id_obra') },
    scope: (sql, ctx) => siteScope(sql, ctx.principal, 'f.id_obra'),
    item: frenteObraItem,
    fields: { id_obra: requiredRef(), codigo: requiredText(20), nombre: requiredText(200) },
    defaults: { id_obra: null, codigo: '', nombre: '' },
    references: { id_obra: { table: 'rm_obras', message: 'La obra no existe' } },
    async check(fields, { id, deps: { sql }, errors }) {
      if (errors.id_obra || !id) return;
      const [current] = await sql<{ id_obra: number }[]>`SELECT id_obra::int FROM rm_frentes_obra WHERE id = ${id}`;
      if (!current || current.id_obra === fields.id_obra) return;
      const [used] = await sql`SELECT 1 FROM rm_solicitudes_compras WHERE id_frente_obra = ${id} LIMIT 1`;
      if (used) errors.id_obra = MSG_FRENTE_SITE_LOCKED;
    },
    unique: [{ field: 'codigo', within: 'id_obra', message: 'Ya existe un frente con ese código en la obra' }],
    blockedBy: [{ one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: 'id_frente_obra = $1' }],
    lookups: [
      {
        fields: frenteObraOption,
        path: '/fil_datas/frentes_obra',
        summary: 'Frentes activos de una obra (código - nombre; id_obra obligatorio), de las obras del usuario',
        labelColumn: "codigo || ' - ' || nombre",
        extra: { codigo: 'codigo', nombre: 'nombre', id_obra: 'id_obra' },
        search: ['codigo', 'nombre'],
        parent: { param: 'id_obra', column: 'id_obra', required: true },
        scope: (sql, principal) => siteScope(sql, principal, 'id_obra'),
        order: 'codigo, id',
      },
    ],
  });
}
