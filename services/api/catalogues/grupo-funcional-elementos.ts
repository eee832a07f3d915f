import type { Sql } from 'postgres';
import { elementoItem, elementoOption, elementoRow } from '@shared/contracts/catalogues';
import { requiredText } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { optionalRef, requiredRef } from './catalogue-fields';
import { createsCycle } from './creates-cycle';
import { defineCatalogue, type CatalogueLookup } from './define-catalogue';
import { idFilter } from './list-parts';

/** Seed 001 §5 and §9: element search needs at least 4 characters. */
export const ELEMENT_SEARCH_MIN = 4;

export const PARENT_OUTSIDE_GROUP = 'El elemento padre debe pertenecer al grupo funcional elegido';
export const PARENT_IS_DESCENDANT = 'El elemento padre no puede ser el mismo elemento ni uno de sus descendientes';

const LABEL = "numero || ' - ' || nombre";

async function parentsOfGroup(sql: Sql, group: number): Promise<Map<number, number | null>> {
  const rows = await sql<{ id: number; id_padre: number | null }[]>`SELECT id, id_padre FROM rm_grupo_funcional_elementos WHERE id_grupo_funcional = ${group}`;
  return new Map(rows.map((r) => [r.id, r.id_padre]));
}

/** /grupo_funcional_elementos (seed 001 §3 Functional group element: numero, nombre,
 * id_grupo_funcional, id_padre; §5: numero, nombre and group required, the parent must belong to
 * the chosen group). Also: the number is unique within its group; the parent can be neither the
 * element itself nor one of its descendants (a tree, never a loop); an element with children
 * keeps its group (they would be left in another group); an element with children, or named on
 * work-order lines, cannot be removed. */
export function grupoFuncionalElementosRoutes(): AnyRoute[] {
  const lookup = (cfg: Pick<CatalogueLookup, 'path' | 'summary' | 'parent' | 'minLength'>): CatalogueLookup => ({
    fields: elementoOption,
    labelColumn: LABEL,
    extra: { id_grupo_funcional: 'id_grupo_funcional', id_padre: 'id_padre' },
    search: ['numero', 'nombre'],
    order: 'numero, id',
    ...cfg,
  });
  return defineCatalogue({
    path: '/grupo_funcional_elementos', title: 'Elementos de grupo funcional', fileBase: 'grupo_funcional_elementos',
    entity: 'grupo_funcional_elemento', name: 'elemento de grupo funcional', table: 'rm_grupo_funcional_elementos', alias: 'e',
    from: `rm_grupo_funcional_elementos e
      JOIN rm_grupos_funcionales g ON g.id = e.id_grupo_funcional
      LEFT JOIN rm_grupo_funcional_elementos p ON p.id = e.id_padre`,
    row: elementoRow,
    columns: [
      { key: 'grupo_funcional', label: 'Grupo funcional', sql: 'g.nombre', sortable: true },
      { key: 'numero', label: 'Número', sql: 'e.numero', sortable: true },
      { key: 'nombre', label: 'Nombre', sql: 'e.nombre', sortable: true },
      { key: 'padre', label: 'Elemento padre', sql: "p.numero || ' - ' || p.nombre", sortable: true },
    ],
    extra: { id_grupo_funcional: 'e.id_grupo_funcional', id_padre: 'e.id_padre', sigla: 'g.sigla' },
    search: ['e.numero', 'e.nombre', 'g.nombre', 'g.sigla'],
    // Within a group the tree reads in number order ('01', '01.01', '01.02', '02').
    key: 'e.numero, e.id',
    defaultOrder: { col: 'grupo_funcional', dir: 'asc' },
    filters: { id_grupo_funcional: idFilter('e.id_grupo_funcional'), id_padre: idFilter('e.id_padre') },
    item: elementoItem, fields: { numero: requiredText(30), nombre: requiredText(200), id_grupo_funcional: requiredRef(), id_padre: optionalRef() }, defaults: { numero: '', nombre: '', id_grupo_funcional: null, id_padre: null },
    references: { id_grupo_funcional: { table: 'rm_grupos_funcionales', message: 'El grupo funcional no existe' } },
    // Without its group nothing else is checked. An element with children keeps its group; the
    // parent is of the same group and neither the element nor one of its descendants.
    async check(fields, { id, deps: { sql }, errors }) {
      if (errors.id_grupo_funcional) return;
      const group = fields.id_grupo_funcional;
      if (id) {
        const [current] = await sql<{ id_grupo_funcional: number }[]>`SELECT id_grupo_funcional FROM rm_grupo_funcional_elementos WHERE id = ${id}`;
        if (current && current.id_grupo_funcional !== group) {
          const [child] = await sql`SELECT 1 FROM rm_grupo_funcional_elementos WHERE id_padre = ${id} LIMIT 1`;
          if (child) errors.id_grupo_funcional = 'No se puede cambiar el grupo: el elemento tiene elementos hijos';
        }
      }
      if (fields.id_padre === null) return;
      const [parent] = await sql<{ id_grupo_funcional: number }[]>`SELECT id_grupo_funcional FROM rm_grupo_funcional_elementos WHERE id = ${fields.id_padre}`;
      if (!parent) errors.id_padre = 'El elemento padre no existe';
      else if (parent.id_grupo_funcional !== group) errors.id_padre = PARENT_OUTSIDE_GROUP;
      else if (id && createsCycle(id, fields.id_padre, await parentsOfGroup(sql, group))) errors.id_padre = PARENT_IS_DESCENDANT;
    },
    unique: [{ field: 'numero', within: 'id_grupo_funcional', message: 'Ya existe un elemento con ese número en el grupo funcional' }],
    blockedBy: [
      { one: 'elemento hijo', many: 'elementos hijos', from: 'rm_grupo_funcional_elementos', where: 'id_padre = $1' },
      { one: 'línea de OT', many: 'líneas de OT', from: 'rm_ot_lineas', where: "line->>'id_grupo_funcional_elemento' = $1::text" },
    ],
    lookups: [
      lookup({
        path: '/fil_datas/grupo_funcional_elementos',
        summary: 'Elementos activos por número o nombre (autocompletar desde 4 caracteres; id_grupo_funcional opcional)',
        parent: { param: 'id_grupo_funcional', column: 'id_grupo_funcional' },
        minLength: ELEMENT_SEARCH_MIN,
      }),
      lookup({
        path: '/fil_datas/elementos_padre',
        summary: 'Elementos activos de un grupo funcional (id_grupo_funcional obligatorio), para elegir el elemento padre',
        parent: { param: 'id_grupo_funcional', column: 'id_grupo_funcional', required: true },
      }),
    ],
  });
}
