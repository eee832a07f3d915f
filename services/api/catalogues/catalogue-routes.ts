import type { Sql } from 'postgres';
import * as v from 'valibot';
import type { ListFilter } from '../platform/define-list';
import { int, requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';
import { siteScope } from '../platform/site-scope';
import * as c from '@shared/contracts/catalogues';
import { optionalRef, positiveAmount, requiredRef } from './catalogue-fields';
import { codeAndName, codeNameLookup, counted, defineChildCatalogue, namedByRequest, sorted } from './catalogue-presets';
import { createsCycle } from './creates-cycle';
import { defineCatalogue, type CatalogueLookup } from './define-catalogue';
import { idFilter } from '../platform/define-list';

/** Seed 001 §5 and §9: element search needs at least 4 characters. */
export const ELEMENT_SEARCH_MIN = 4;
export const PARENT_OUTSIDE_GROUP = 'El elemento padre debe pertenecer al grupo funcional elegido';
export const PARENT_IS_DESCENDANT = 'El elemento padre no puede ser el mismo elemento ni uno de sus descendientes';
export const SUBGROUP_OUTSIDE_GROUP = 'El subgrupo debe pertenecer al grupo elegido';
/** Seed 001 §5 and §9: material search needs at least 4 characters. */
export const MATERIAL_SEARCH_MIN = 4;
/** How a material came to be (seed 002 L75, L186): 1 from the catalogue, 2 created by SICAM from a
 * work order's material-creation request (services/worker/sicam-materials.ts). */
export const TYPE_GENERATION = { catalogo: 1, solicitud: 2 } as const;
export const MSG_RESOURCE_CODE_UNKNOWN = 'No existe un recurso con ese código';
export const MSG_TIPOS_FIJOS = 'Los tipos de mantenimiento son tres (MP, MC y MCD): solo se pueden renombrar';
export const MSG_FRENTE_SITE_LOCKED = 'No se puede cambiar la obra: hay solicitudes con este frente';

/** rm_equipo_subgrupos.mantenimiento_valor is numeric(14, 2). */
const SUBGRUPO_VALOR_MAX = 999_999_999_999.99;
/** rm_conversion_unidades.valor is numeric(14, 4). */
const CONVERSION_VALOR_MAX = 9_999_999_999.9999;

/** `type_generation=1` or `2`. */
const typeGenerationFilter: ListFilter = {
  schema: v.pipe(v.picklist(['1', '2', 1, 2], 'Origen no válido'), v.transform(Number)),
  where: (sql, value: number) => sql`m.type_generation = ${value}`,
};

/** The requests that name a resource: by id (`id_solicitudes_movilizacion_recursos`) or by code
 * (the third-party resource a mobilisation type fixes, `id_solicitudes_movilizacion_terceros_ter_recurso`). */
const REQUESTS_NAMING_RESOURCE = `id_solicitudes_movilizacion_recursos = $1
  OR lower(id_solicitudes_movilizacion_terceros_ter_recurso) = (SELECT lower(codigo) FROM rm_recursos WHERE id = $1)`;

async function elementParentsOfGroup(sql: Sql, group: number): Promise<Map<number, number | null>> {
  const rows = await sql<{ id: number; id_padre: number | null }[]>`SELECT id, id_padre FROM rm_grupo_funcional_elementos WHERE id_grupo_funcional = ${group}`;
  return new Map(rows.map((r) => [r.id, r.id_padre]));
}

/** A select of functional-group elements ('numero - nombre'). */
const elementLookup = (cfg: Pick<CatalogueLookup, 'path' | 'summary' | 'parent' | 'minLength'>): CatalogueLookup => ({
  fields: c.elementoOption,
  labelColumn: "numero || ' - ' || nombre",
  extra: { id_grupo_funcional: 'id_grupo_funcional', id_padre: 'id_padre' },
  search: ['numero', 'nombre'],
  order: 'numero, id',
  ...cfg,
});

/** The master-data catalogues (seed 001 §2, §3 'Master data', §5, §7) and the purchase-request ones,
 * one entry each: a list with its export, the generic modal CRUD and its lookups, on the shared
 * mechanisms (define-catalogue.ts, catalogue-presets.ts). Access is by module (the admin profile
 * edits them all); lookups only need a session. */
export function catalogueRoutes(): AnyRoute[] {
  return [
    // /unidades (seed 001 §3 Unit: nombre, decimales, etiquetas; §5: nombre required). Names are
    // unique (case-insensitive). A unit counted in by conversions, maintenance intervals of
    // equipment subgroups or work-order spare-part lines cannot be removed.
    ...defineCatalogue({
      path: '/unidades', title: 'Unidades', fileBase: 'unidades', entity: 'unidad', name: 'unidad', table: 'rm_unidades',
      row: c.unidadRow,
      columns: [sorted('nombre', 'Nombre'), sorted('decimales', 'Decimales', undefined, 'integer'), { key: 'etiquetas', label: 'Etiquetas' }],
      search: ['nombre', 'etiquetas'], defaultOrder: { col: 'nombre', dir: 'asc' },
      item: c.unidadItem,
      fields: { nombre: requiredText(60), decimales: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0'), v.maxValue(6, 'Máximo 6')), 0), etiquetas: v.optional(text(255), '') },
      defaults: { nombre: '', decimales: 0, etiquetas: '' },
      unique: [{ field: 'nombre', message: 'Ya existe una unidad con ese nombre' }],
      blockedBy: [
        { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_unidad = $1' },
        { one: 'subgrupo de equipo', many: 'subgrupos de equipo', from: 'rm_equipo_subgrupos', where: 'id_mantenimiento_unidad = $1' },
        { one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_unidad' = $1::text" },
      ],
      lookups: [{ path: '/fil_datas/unidades', summary: 'Unidades activas para selects' }],
    }),
    // /conversion_unidades (seed 001 §3 Unit conversion: id_material_tipo, id_unidad, valor; §5: all
    // three required). A conversion names a unit a material type may be counted in, with its
    // factor: one per (type, unit); valor above zero with at most 4 decimals, sent as a number or a
    // decimal text and stored as a number; replies carry PostgreSQL's decimal text ('3.7854').
    // Work orders offer only these units for a type's spare parts (seed 001 §5).
    ...defineChildCatalogue({ field: 'id_material_tipo', table: 'rm_material_tipos', message: 'El tipo de material no existe' }, {
      path: '/conversion_unidades', title: 'Conversión de unidades', fileBase: 'conversion_unidades',
      entity: 'conversion_unidad', name: 'conversión de unidad', table: 'rm_conversion_unidades', alias: 'c',
      from: 'rm_conversion_unidades c JOIN rm_material_tipos t ON t.id = c.id_material_tipo JOIN rm_unidades u ON u.id = c.id_unidad',
      row: c.conversionUnidadRow,
      columns: [sorted('material_tipo', 'Tipo de material', 't.nombre'), sorted('unidad', 'Unidad', 'u.nombre'), sorted('valor', 'Valor', 'c.valor', 'decimal')],
      extra: { id_unidad: 'c.id_unidad' },
      search: ['t.nombre', 't.codigo', 'u.nombre'], key: 'u.nombre, c.id', defaultOrder: { col: 'material_tipo', dir: 'asc' },
      filters: { id_unidad: idFilter('c.id_unidad') },
      item: c.conversionUnidadItem,
      fields: { id_material_tipo: requiredRef(), id_unidad: requiredRef(), valor: positiveAmount(4, CONVERSION_VALOR_MAX) },
      defaults: { id_material_tipo: null, id_unidad: null, valor: 1 },
      references: { id_unidad: { table: 'rm_unidades', message: 'La unidad no existe' } },
      unique: [{ field: 'id_unidad', within: 'id_material_tipo', message: 'Ya existe una conversión para ese tipo de material y unidad' }],
      lookups: [
        {
          fields: c.conversionUnidadOption,
          path: '/fil_datas/conversion_unidades',
          summary: 'Unidades permitidas para un tipo de material (id_material_tipo obligatorio): value id_unidad, label la unidad, valor',
          from: 'rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad',
          valueColumn: 'c.id_unidad', labelColumn: 'u.nombre',
          extra: { valor: 'c.valor', id_material_tipo: 'c.id_material_tipo' },
          where: 'c.estado = 1 AND u.estado = 1',
          parent: { param: 'id_material_tipo', column: 'c.id_material_tipo', required: true },
          order: 'u.nombre',
        },
      ],
    }),
    // /marcas (seed 001 §3 Brand: nombre). Names are unique; a brand with models, or used by a
    // machine as its brand or its engine's brand, cannot be removed.
    ...defineCatalogue({
      path: '/marcas', title: 'Marcas', fileBase: 'marcas', entity: 'marca', name: 'marca', table: 'rm_marcas',
      row: c.marcaRow,
      columns: [sorted('nombre', 'Nombre'), counted('modelos', 'Modelos', '(SELECT count(*) FROM rm_modelos m WHERE m.id_marca = rm_marcas.id)')],
      search: ['nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
      item: c.marcaItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
      unique: [{ field: 'nombre', message: 'Ya existe una marca con ese nombre' }],
      blockedBy: [
        { one: 'modelo', many: 'modelos', from: 'rm_modelos', where: 'id_marca = $1' },
        { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_marca = $1 OR id_marca_motor = $1' },
      ],
      lookups: [{ path: '/fil_datas/marcas', summary: 'Marcas activas para selects' }],
    }),
    // /modelos (seed 001 §3 Model: id_marca, nombre). A model name is unique within its brand; a
    // model used by a machine (as its model or its engine's model) cannot be removed.
    ...defineChildCatalogue({ field: 'id_marca', table: 'rm_marcas', message: 'La marca no existe' }, {
      path: '/modelos', title: 'Modelos', fileBase: 'modelos', entity: 'modelo', name: 'modelo', table: 'rm_modelos', alias: 'm',
      from: 'rm_modelos m JOIN rm_marcas b ON b.id = m.id_marca',
      row: c.modeloRow,
      columns: [sorted('marca', 'Marca', 'b.nombre'), sorted('nombre', 'Modelo', 'm.nombre')],
      search: ['m.nombre', 'b.nombre'], defaultOrder: { col: 'marca', dir: 'asc' },
      item: c.modeloItem, fields: { id_marca: requiredRef(), nombre: requiredText(100) }, defaults: { id_marca: null, nombre: '' },
      unique: [{ field: 'nombre', within: 'id_marca', message: 'Ya existe un modelo con ese nombre en la marca' }],
      blockedBy: [{ one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_modelo = $1 OR id_modelo_motor = $1' }],
      lookups: [{ fields: c.modeloOption, path: '/fil_datas/modelos', summary: 'Modelos activos de una marca (select dependiente de id_marca)', extra: { id_marca: 'id_marca' }, parent: { param: 'id_marca', column: 'id_marca' } }],
    }),
    // /grupos_funcionales (seed 001 §3 Functional group: sigla, nombre; §5: both required). Sigla
    // and name are each unique. A group with elements, or named on work-order lines, cannot be removed.
    ...defineCatalogue({
      path: '/grupos_funcionales', title: 'Grupos funcionales', fileBase: 'grupos_funcionales',
      entity: 'grupo_funcional', name: 'grupo funcional', table: 'rm_grupos_funcionales', alias: 'g',
      row: c.grupoFuncionalRow,
      columns: [sorted('sigla', 'Sigla', 'g.sigla'), sorted('nombre', 'Nombre', 'g.nombre'), counted('elementos', 'Elementos', '(SELECT count(*) FROM rm_grupo_funcional_elementos e WHERE e.id_grupo_funcional = g.id)')],
      search: ['g.sigla', 'g.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
      item: c.grupoFuncionalItem, fields: { sigla: requiredText(20), nombre: requiredText(200) }, defaults: { sigla: '', nombre: '' },
      unique: [{ field: 'sigla', message: 'Ya existe un grupo funcional con esa sigla' }, { field: 'nombre', message: 'Ya existe un grupo funcional con ese nombre' }],
      blockedBy: [
        { one: 'elemento', many: 'elementos', from: 'rm_grupo_funcional_elementos', where: 'id_grupo_funcional = $1' },
        { one: 'línea de OT', many: 'líneas de OT', from: 'rm_ot_lineas', where: "line->>'id_grupo_funcional' = $1::text" },
      ],
      lookups: [
        {
          fields: c.grupoFuncionalOption, path: '/fil_datas/grupos_funcionales', summary: 'Grupos funcionales activos para selects (label sigla - nombre)',
          labelColumn: "sigla || ' - ' || nombre", extra: { sigla: 'sigla', nombre: 'nombre' }, search: ['sigla', 'nombre'], order: 'nombre',
        },
      ],
    }),
    // /grupo_funcional_elementos (seed 001 §3 Functional group element: numero, nombre,
    // id_grupo_funcional, id_padre; §5: numero, nombre and group required, the parent must belong
    // to the chosen group). Also: the number is unique within its group; the parent can be neither
    // the element itself nor one of its descendants (a tree, never a loop); an element with
    // children keeps its group (they would be left in another group); an element with children,
    // or named on work-order lines, cannot be removed.
    ...defineChildCatalogue({ field: 'id_grupo_funcional', table: 'rm_grupos_funcionales', message: 'El grupo funcional no existe' }, {
      path: '/grupo_funcional_elementos', title: 'Elementos de grupo funcional', fileBase: 'grupo_funcional_elementos',
      entity: 'grupo_funcional_elemento', name: 'elemento de grupo funcional', table: 'rm_grupo_funcional_elementos', alias: 'e',
      from: `rm_grupo_funcional_elementos e
        JOIN rm_grupos_funcionales g ON g.id = e.id_grupo_funcional
        LEFT JOIN rm_grupo_funcional_elementos p ON p.id = e.id_padre`,
      row: c.elementoRow,
      columns: [sorted('grupo_funcional', 'Grupo funcional', 'g.nombre'), sorted('numero', 'Número', 'e.numero'), sorted('nombre', 'Nombre', 'e.nombre'), sorted('padre', 'Elemento padre', "p.numero || ' - ' || p.nombre")],
      extra: { id_padre: 'e.id_padre', sigla: 'g.sigla' },
      search: ['e.numero', 'e.nombre', 'g.nombre', 'g.sigla'],
      // Within a group the tree reads in number order ('01', '01.01', '01.02', '02').
      key: 'e.numero, e.id',
      defaultOrder: { col: 'grupo_funcional', dir: 'asc' },
      filters: { id_padre: idFilter('e.id_padre') },
      item: c.elementoItem,
      fields: { numero: requiredText(30), nombre: requiredText(200), id_grupo_funcional: requiredRef(), id_padre: optionalRef() },
      defaults: { numero: '', nombre: '', id_grupo_funcional: null, id_padre: null },
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
        else if (id && createsCycle(id, fields.id_padre, await elementParentsOfGroup(sql, group))) errors.id_padre = PARENT_IS_DESCENDANT;
      },
      unique: [{ field: 'numero', within: 'id_grupo_funcional', message: 'Ya existe un elemento con ese número en el grupo funcional' }],
      blockedBy: [
        { one: 'elemento hijo', many: 'elementos hijos', from: 'rm_grupo_funcional_elementos', where: 'id_padre = $1' },
        { one: 'línea de OT', many: 'líneas de OT', from: 'rm_ot_lineas', where: "line->>'id_grupo_funcional_elemento' = $1::text" },
      ],
      lookups: [
        elementLookup({
          path: '/fil_datas/grupo_funcional_elementos',
          summary: 'Elementos activos por número o nombre (autocompletar desde 4 caracteres; id_grupo_funcional opcional)',
          parent: { param: 'id_grupo_funcional', column: 'id_grupo_funcional' },
          minLength: ELEMENT_SEARCH_MIN,
        }),
        elementLookup({
          path: '/fil_datas/elementos_padre',
          summary: 'Elementos activos de un grupo funcional (id_grupo_funcional obligatorio), para elegir el elemento padre',
          parent: { param: 'id_grupo_funcional', column: 'id_grupo_funcional', required: true },
        }),
      ],
    }),
    // /equipo_grupos (seed 001 §3 Equipment group: nombre). Names are unique; a group with
    // subgroups, products or machines cannot be removed.
    ...defineCatalogue({
      path: '/equipo_grupos', title: 'Grupos de equipo', fileBase: 'grupos_equipo',
      entity: 'equipo_grupo', name: 'grupo de equipo', table: 'rm_equipo_grupos', alias: 'g',
      row: c.equipoGrupoRow,
      columns: [
        sorted('nombre', 'Nombre', 'g.nombre'),
        counted('subgrupos', 'Subgrupos', '(SELECT count(*) FROM rm_equipo_subgrupos s WHERE s.id_equipo_grupo = g.id)'),
        counted('productos', 'Productos', '(SELECT count(*) FROM rm_equipo_productos p WHERE p.id_equipo_grupo = g.id)'),
      ],
      search: ['g.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
      item: c.equipoGrupoItem, fields: { nombre: requiredText(200) }, defaults: { nombre: '' },
      unique: [{ field: 'nombre', message: 'Ya existe un grupo de equipo con ese nombre' }],
      blockedBy: [
        { one: 'subgrupo', many: 'subgrupos', from: 'rm_equipo_subgrupos', where: 'id_equipo_grupo = $1' },
        { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_grupo = $1' },
        { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_grupo = $1' },
      ],
      lookups: [{ path: '/fil_datas/equipo_grupos', summary: 'Grupos de equipo activos para selects' }],
    }),
    // /equipo_subgrupos (seed 001 §3 Equipment subgroup: id_equipo_grupo, nombre,
    // id_mantenimiento_unidad, mantenimiento_valor; §5: all required). The maintenance interval is
    // every `mantenimiento_valor` of the unit (e.g. 250 HRS), above zero with at most 2 decimals.
    // Names are unique within the group. A subgroup with products or machines keeps its group (they
    // carry the group too) and cannot be removed.
    ...defineChildCatalogue(
      {
        field: 'id_equipo_grupo', table: 'rm_equipo_grupos', message: 'El grupo no existe',
        usedBy: ['SELECT 1 FROM rm_equipo_productos WHERE id_equipo_subgrupo = $1', 'SELECT 1 FROM rm_equipos WHERE id_equipo_subgrupo = $1'],
        locked: 'No se puede cambiar el grupo: el subgrupo tiene productos o equipos asociados',
      },
      {
        path: '/equipo_subgrupos', title: 'Subgrupos de equipo', fileBase: 'subgrupos_equipo',
        entity: 'equipo_subgrupo', name: 'subgrupo de equipo', table: 'rm_equipo_subgrupos', alias: 's',
        from: `rm_equipo_subgrupos s
          JOIN rm_equipo_grupos g ON g.id = s.id_equipo_grupo
          LEFT JOIN rm_unidades u ON u.id = s.id_mantenimiento_unidad`,
        row: c.equipoSubgrupoRow,
        columns: [
          sorted('grupo', 'Grupo', 'g.nombre'),
          sorted('nombre', 'Subgrupo', 's.nombre'),
          sorted('mantenimiento_valor', 'Mantenimiento cada', 's.mantenimiento_valor', 'decimal'),
          sorted('mantenimiento_unidad', 'Unidad de mantenimiento', 'u.nombre'),
        ],
        extra: { id_mantenimiento_unidad: 's.id_mantenimiento_unidad' },
        search: ['s.nombre', 'g.nombre'], key: 's.nombre, s.id', defaultOrder: { col: 'grupo', dir: 'asc' },
        item: c.equipoSubgrupoItem,
        fields: { id_equipo_grupo: requiredRef(), nombre: requiredText(200), id_mantenimiento_unidad: requiredRef(), mantenimiento_valor: positiveAmount(2, SUBGRUPO_VALOR_MAX) },
        defaults: { id_equipo_grupo: null, nombre: '', id_mantenimiento_unidad: null, mantenimiento_valor: null },
        references: { id_mantenimiento_unidad: { table: 'rm_unidades', message: 'La unidad no existe' } },
        unique: [{ field: 'nombre', within: 'id_equipo_grupo', message: 'Ya existe un subgrupo con ese nombre en el grupo' }],
        blockedBy: [
          { one: 'producto', many: 'productos', from: 'rm_equipo_productos', where: 'id_equipo_subgrupo = $1' },
          { one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_subgrupo = $1' },
        ],
        lookups: [{ fields: c.equipoSubgrupoOption, path: '/fil_datas/equipo_subgrupos', summary: 'Subgrupos de equipo activos (select dependiente de id_equipo_grupo)', extra: { id_equipo_grupo: 'id_equipo_grupo' }, parent: { param: 'id_equipo_grupo', column: 'id_equipo_grupo' } }],
      },
    ),
    // /equipo_productos (seed 001 §3 Equipment product: id_equipo_grupo, id_equipo_subgrupo, nombre
    // — the description a machine is registered under). Group, subgroup and name required; the
    // subgroup belongs to the group; names are unique within the subgroup. A product used by a
    // machine keeps its group and subgroup (the machine carries them too) and cannot be removed.
    ...defineChildCatalogue({ field: 'id_equipo_grupo', table: 'rm_equipo_grupos', message: 'El grupo no existe' }, {
      path: '/equipo_productos', title: 'Productos de equipo', fileBase: 'productos_equipo',
      entity: 'equipo_producto', name: 'producto de equipo', table: 'rm_equipo_productos', alias: 'p',
      from: `rm_equipo_productos p
        JOIN rm_equipo_grupos g ON g.id = p.id_equipo_grupo
        JOIN rm_equipo_subgrupos s ON s.id = p.id_equipo_subgrupo`,
      row: c.equipoProductoRow,
      columns: [
        sorted('grupo', 'Grupo', 'g.nombre'),
        sorted('subgrupo', 'Subgrupo', 's.nombre'),
        sorted('nombre', 'Producto', 'p.nombre'),
        counted('equipos', 'Equipos', '(SELECT count(*) FROM rm_equipos q WHERE q.id_equipo_producto = p.id)'),
      ],
      extra: { id_equipo_subgrupo: 'p.id_equipo_subgrupo' },
      search: ['p.nombre', 's.nombre', 'g.nombre'], key: 's.nombre, p.nombre, p.id', defaultOrder: { col: 'grupo', dir: 'asc' },
      filters: { id_equipo_subgrupo: idFilter('p.id_equipo_subgrupo') },
      item: c.equipoProductoItem,
      fields: { id_equipo_grupo: requiredRef(), id_equipo_subgrupo: requiredRef(), nombre: requiredText(200) },
      defaults: { id_equipo_grupo: null, id_equipo_subgrupo: null, nombre: '' },
      // The subgroup exists and belongs to the group; a product with machines keeps both.
      async check(fields, { id, deps: { sql }, errors }) {
        const [sub] = await sql<{ id_equipo_grupo: number }[]>`SELECT id_equipo_grupo FROM rm_equipo_subgrupos WHERE id = ${fields.id_equipo_subgrupo}`;
        if (!sub) errors.id_equipo_subgrupo = 'El subgrupo no existe';
        else if (!errors.id_equipo_grupo && sub.id_equipo_grupo !== fields.id_equipo_grupo) errors.id_equipo_subgrupo = SUBGROUP_OUTSIDE_GROUP;
        if (!id) return;
        const [current] = await sql<{ id_equipo_grupo: number; id_equipo_subgrupo: number }[]>`
          SELECT id_equipo_grupo, id_equipo_subgrupo FROM rm_equipo_productos WHERE id = ${id}`;
        const moved = current && (current.id_equipo_grupo !== fields.id_equipo_grupo || current.id_equipo_subgrupo !== fields.id_equipo_subgrupo);
        if (!moved) return;
        const [used] = await sql`SELECT 1 FROM rm_equipos WHERE id_equipo_producto = ${id} LIMIT 1`;
        if (used) errors.id_equipo_subgrupo = 'No se puede cambiar el grupo ni el subgrupo: el producto tiene equipos asociados';
      },
      unique: [{ field: 'nombre', within: 'id_equipo_subgrupo', message: 'Ya existe un producto con ese nombre en el subgrupo' }],
      blockedBy: [{ one: 'equipo', many: 'equipos', from: 'rm_equipos', where: 'id_equipo_producto = $1' }],
      lookups: [
        {
          fields: c.equipoProductoOption, path: '/fil_datas/equipo_productos', summary: 'Productos de equipo activos (select dependiente de id_equipo_subgrupo)',
          extra: { id_equipo_grupo: 'id_equipo_grupo', id_equipo_subgrupo: 'id_equipo_subgrupo' }, parent: { param: 'id_equipo_subgrupo', column: 'id_equipo_subgrupo' },
        },
      ],
    }),
    // /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required). The
    // code (a part number) is unique, case-insensitive. A material on a work order's spare-part
    // lines cannot be removed.
    ...defineChildCatalogue({ field: 'id_material_tipo', table: 'rm_material_tipos', message: 'El tipo de material no existe' }, {
      path: '/materiales', title: 'Materiales', fileBase: 'materiales', entity: 'material', name: 'material', table: 'rm_materiales', alias: 'm',
      from: 'rm_materiales m JOIN rm_material_tipos t ON t.id = m.id_material_tipo LEFT JOIN rm_unidades u ON u.id = m.id_unidad',
      row: c.materialRow,
      columns: [
        sorted('codigo', 'Código', 'm.codigo'),
        sorted('nombre', 'Nombre', 'm.nombre'),
        sorted('material_tipo', 'Tipo de material', 't.nombre'),
        sorted('unidad_medida', 'Unidad', 'u.nombre'),
        sorted('precio_medio', 'Precio medio', 'm.precio_medio', 'decimal'),
        { ...sorted('type_generation', 'Origen', 'm.type_generation', 'integer'), notNull: true },
        { ...sorted('fecha_creado', 'Fecha de creación', 'coalesce(m.fecha_creado, m.date_created)', 'datetime'), notNull: true },
      ],
      search: ['m.codigo', 'm.nombre', 't.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { type_generation: typeGenerationFilter },
      item: c.materialItem, fields: { id_material_tipo: requiredRef(), codigo: requiredText(50), nombre: requiredText(500) }, defaults: { id_material_tipo: null, codigo: '', nombre: '' },
      unique: [{ field: 'codigo', message: 'Ya existe un material con ese código' }],
      blockedBy: [{ one: 'repuesto de OT', many: 'repuestos de OT', from: 'rm_ot_lineas', where: "line->>'id_material' = $1::text" }],
      lookups: [
        codeNameLookup({
          fields: c.materialOption, path: '/fil_datas/materiales', summary: 'Materiales activos por código o nombre (desde 4 caracteres; id_material_tipo opcional)',
          extra: { id_material_tipo: 'id_material_tipo' }, parent: { param: 'id_material_tipo', column: 'id_material_tipo' }, order: 'nombre, id', minLength: MATERIAL_SEARCH_MIN,
        }),
      ],
    }),
    // /material_tipos (seed 001 §3 Material type: codigo, nombre). Rules where the spec is silent
    // (docs/modules/master-data.md): nombre required and unique; codigo optional but unique when
    // given. A type with materials or unit conversions cannot be removed.
    ...defineCatalogue({
      path: '/material_tipos', title: 'Tipos de material', fileBase: 'tipos_material',
      entity: 'material_tipo', name: 'tipo de material', table: 'rm_material_tipos', alias: 't',
      row: c.materialTipoRow,
      columns: [
        sorted('codigo', 'Código', 't.codigo'),
        sorted('nombre', 'Nombre', 't.nombre'),
        counted('materiales', 'Materiales', '(SELECT count(*) FROM rm_materiales m WHERE m.id_material_tipo = t.id)'),
        { key: 'unidades', label: 'Unidades', sql: "(SELECT string_agg(u.nombre, ', ' ORDER BY u.nombre) FROM rm_conversion_unidades c JOIN rm_unidades u ON u.id = c.id_unidad WHERE c.id_material_tipo = t.id AND c.estado = 1)" },
      ],
      search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'nombre', dir: 'asc' },
      item: c.materialTipoItem, fields: { codigo: v.optional(text(20), ''), nombre: requiredText(200) }, defaults: { codigo: '', nombre: '' },
      unique: [{ field: 'nombre', message: 'Ya existe un tipo de material con ese nombre' }, { field: 'codigo', message: 'Ya existe un tipo de material con ese código' }],
      blockedBy: [
        { one: 'material', many: 'materiales', from: 'rm_materiales', where: 'id_material_tipo = $1' },
        { one: 'conversión de unidad', many: 'conversiones de unidad', from: 'rm_conversion_unidades', where: 'id_material_tipo = $1' },
      ],
      lookups: [{ fields: c.materialTipoOption, path: '/fil_datas/material_tipos', summary: 'Tipos de material activos para selects', extra: { codigo: 'codigo' }, search: ['nombre', 'codigo'] }],
    }),
    // The purchase-request catalogues seed 002 names by id only (SEED-002-ANALYSIS ambiguity 8).
    // /recursos: the resources a purchase request is charged to (seed 002 L55
    // `id_solicitudes_movilizacion_recursos`; the seed names none). codigo and nombre required, the
    // code unique ('2-044' and '4-046' are the codes mobilisation types 2 and 3 fix). A resource
    // named by a request or fixed by a mobilisation type cannot be removed.
    ...defineCatalogue({
      path: '/recursos', title: 'Recursos', fileBase: 'recursos', entity: 'recurso', name: 'recurso', table: 'rm_recursos', alias: 't',
      row: c.recursoRow,
      columns: [sorted('codigo', 'Código', 't.codigo'), sorted('nombre', 'Nombre', 't.nombre')],
      search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'codigo', dir: 'asc' },
      item: c.recursoItem, ...codeAndName(),
      unique: [{ field: 'codigo', message: 'Ya existe un recurso con ese código' }],
      blockedBy: [
        { one: 'solicitud', many: 'solicitudes', from: 'rm_solicitudes_compras', where: REQUESTS_NAMING_RESOURCE },
        { one: 'tipo de centro de costo de terceros', many: 'tipos de centro de costo de terceros', from: 'rm_movilizacion_tipos', where: 'lower(codigo_recurso) = (SELECT lower(codigo) FROM rm_recursos WHERE id = $1)' },
      ],
      lookups: [codeNameLookup({ fields: c.recursoOption, path: '/fil_datas/recursos', summary: 'Recursos activos (código - nombre) para el select de la solicitud' })],
    }),
    // /solicitudes_clasificaciones: a request's classification (seed 002 L55
    // `id_solicitudes_clasificacion`, ids 1 and 2 with no names). nombre required and unique. A
    // classification named by a request cannot be removed.
    ...defineCatalogue({
      path: '/solicitudes_clasificaciones', title: 'Clasificaciones de solicitud', fileBase: 'clasificaciones_solicitud',
      entity: 'solicitud_clasificacion', name: 'clasificación de solicitud', table: 'rm_solicitudes_clasificaciones', alias: 't',
      row: c.solicitudClasificacionRow,
      columns: [sorted('nombre', 'Nombre', 't.nombre'), counted('solicitudes', 'Solicitudes', '(SELECT count(*) FROM rm_solicitudes_compras s WHERE s.id_solicitudes_clasificacion = t.id)')],
      search: ['t.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
      item: c.solicitudClasificacionItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
      unique: [{ field: 'nombre', message: 'Ya existe una clasificación con ese nombre' }],
      blockedBy: [namedByRequest('id_solicitudes_clasificacion')],
      lookups: [{ path: '/fil_datas/solicitudes_clasificaciones', summary: 'Clasificaciones de solicitud activas para selects', order: 'id' }],
    }),
    // /solicitudes_tipos: the request type (seed 002 L55 `id_solicitudes_tipo`, ids 1 and 2 with no
    // names). nombre required and unique. The form's rule stays on the id whatever the name: type 1
    // asks for the cost-centre type (save-request.ts). A type named by a request cannot be removed.
    ...defineCatalogue({
      path: '/solicitudes_tipos', title: 'Tipos de solicitud', fileBase: 'tipos_solicitud',
      entity: 'solicitud_tipo', name: 'tipo de solicitud', table: 'rm_solicitudes_tipos', alias: 't',
      row: c.solicitudTipoRow,
      columns: [sorted('nombre', 'Nombre', 't.nombre'), counted('solicitudes', 'Solicitudes', '(SELECT count(*) FROM rm_solicitudes_compras s WHERE s.id_solicitudes_tipo = t.id)')],
      search: ['t.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
      item: c.solicitudTipoItem, fields: { nombre: requiredText(100) }, defaults: { nombre: '' },
      unique: [{ field: 'nombre', message: 'Ya existe un tipo de solicitud con ese nombre' }],
      blockedBy: [namedByRequest('id_solicitudes_tipo')],
      lookups: [{ path: '/fil_datas/solicitudes_tipos', summary: 'Tipos de solicitud activos para selects (el tipo 1 exige el tipo de centro de costo)', order: 'id' }],
    }),
    // /centros_costo_indirectos: the indirect cost centres a request without equipment is charged
    // to (seed 002 L55 `id_centro_costo_indirecto`; no catalogue in any seed). codigo and nombre
    // required, the code unique. A centre with elements or named by a request cannot be removed.
    ...defineCatalogue({
      path: '/centros_costo_indirectos', title: 'Centros de costo indirectos', fileBase: 'centros_costo_indirectos',
      entity: 'centro_costo_indirecto', name: 'centro de costo indirecto', table: 'rm_centros_costo_indirectos', alias: 't',
      row: c.centroCostoIndirectoRow,
      columns: [
        sorted('codigo', 'Código', 't.codigo'),
        sorted('nombre', 'Nombre', 't.nombre'),
        counted('elementos', 'Elementos', '(SELECT count(*) FROM rm_centro_costo_indirecto_elementos e WHERE e.id_centro_costo_indirecto = t.id)'),
      ],
      search: ['t.codigo', 't.nombre'], defaultOrder: { col: 'codigo', dir: 'asc' },
      item: c.centroCostoIndirectoItem, ...codeAndName(),
      unique: [{ field: 'codigo', message: 'Ya existe un centro de costo indirecto con ese código' }],
      blockedBy: [
        { one: 'elemento', many: 'elementos', from: 'rm_centro_costo_indirecto_elementos', where: 'id_centro_costo_indirecto = $1' },
        namedByRequest('id_centro_costo_indirecto'),
      ],
      lookups: [codeNameLookup({ fields: c.centroCostoIndirectoOption, path: '/fil_datas/centros_costo_indirectos', summary: 'Centros de costo indirectos activos (código - nombre) para selects' })],
    }),
    // /centro_costo_indirecto_elementos: the elements of an indirect cost centre (seed 002 L55
    // `id_centro_costo_indirecto_elemento`; no catalogue in any seed). Centre, codigo and nombre
    // required; the code unique within its centre. A request's element belongs to its chosen centre
    // (save-request.ts), so an element named by a request neither moves to another centre nor is removed.
    ...defineChildCatalogue(
      {
        field: 'id_centro_costo_indirecto', table: 'rm_centros_costo_indirectos', message: 'El centro de costo indirecto no existe',
        usedBy: ['SELECT 1 FROM rm_solicitudes_compras WHERE id_centro_costo_indirecto_elemento = $1'],
        locked: 'No se puede cambiar el centro de costo: hay solicitudes con este elemento',
      },
      {
        path: '/centro_costo_indirecto_elementos', title: 'Elementos de centro de costo indirecto', fileBase: 'elementos_centro_costo_indirecto',
        entity: 'centro_costo_indirecto_elemento', name: 'elemento de centro de costo indirecto', table: 'rm_centro_costo_indirecto_elementos', alias: 'e',
        from: `rm_centro_costo_indirecto_elementos e
          JOIN rm_centros_costo_indirectos c ON c.id = e.id_centro_costo_indirecto`,
        row: c.centroCostoIndirectoElementoRow,
        columns: [sorted('centro_costo_indirecto', 'Centro de costo indirecto', "c.codigo || ' - ' || c.nombre"), sorted('codigo', 'Código', 'e.codigo'), sorted('nombre', 'Nombre', 'e.nombre')],
        search: ['e.codigo', 'e.nombre', 'c.codigo', 'c.nombre'], key: 'e.codigo, e.id', defaultOrder: { col: 'centro_costo_indirecto', dir: 'asc' },
        item: c.centroCostoIndirectoElementoItem,
        fields: { id_centro_costo_indirecto: requiredRef(), ...codeAndName().fields },
        defaults: { id_centro_costo_indirecto: null, ...codeAndName().defaults },
        unique: [{ field: 'codigo', within: 'id_centro_costo_indirecto', message: 'Ya existe un elemento con ese código en el centro de costo' }],
        blockedBy: [namedByRequest('id_centro_costo_indirecto_elemento')],
        lookups: [
          codeNameLookup({
            fields: c.centroCostoIndirectoElementoOption, path: '/fil_datas/centro_costo_indirecto_elementos',
            summary: 'Elementos activos de centro de costo indirecto (código - nombre); id_centro_costo_indirecto filtra por centro',
            extra: { id_centro_costo_indirecto: 'id_centro_costo_indirecto' }, parent: { param: 'id_centro_costo_indirecto', column: 'id_centro_costo_indirecto' },
          }),
        ],
      },
    ),
    // /movilizacion_tipos: the third-party cost-centre (mobilisation) types of a service request
    // (seed 002 L55 `id_solicitudes_movilizacion_terceros_tipocc`: 1, 2, 3 with no names; type 2
    // fixes the resource code 2-044, type 3 4-046). nombre required and unique; codigo_recurso
    // optional, the code of an existing resource when given: the form copies it into the request's
    // third-party resource and locks it. The rules stay keyed by id whatever the name: type 2 asks
    // for classification, cost-centre type and resource (save-request.ts). A type named by a
    // request cannot be removed.
    ...defineCatalogue({
      path: '/movilizacion_tipos', title: 'Tipos de centro de costo de terceros', fileBase: 'tipos_centro_costo_terceros',
      entity: 'movilizacion_tipo', name: 'tipo de centro de costo de terceros', table: 'rm_movilizacion_tipos', alias: 't',
      row: c.movilizacionTipoRow,
      columns: [
        sorted('nombre', 'Nombre', 't.nombre'),
        sorted('codigo_recurso', 'Recurso fijo', 't.codigo_recurso'),
        { key: 'recurso', label: 'Nombre del recurso', sql: "(SELECT r.nombre FROM rm_recursos r WHERE lower(r.codigo) = lower(t.codigo_recurso) AND t.codigo_recurso <> '' ORDER BY r.id LIMIT 1)" },
      ],
      search: ['t.nombre', 't.codigo_recurso'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
      item: c.movilizacionTipoItem, fields: { nombre: requiredText(100), codigo_recurso: v.optional(text(20), '') }, defaults: { nombre: '', codigo_recurso: '' },
      async check(fields, { deps: { sql }, errors }) {
        if (!fields.codigo_recurso) return;
        const [found] = await sql`SELECT 1 FROM rm_recursos WHERE lower(codigo) = lower(${fields.codigo_recurso})`;
        if (!found) errors.codigo_recurso = MSG_RESOURCE_CODE_UNKNOWN;
      },
      unique: [{ field: 'nombre', message: 'Ya existe un tipo de centro de costo de terceros con ese nombre' }],
      blockedBy: [namedByRequest('id_solicitudes_movilizacion_terceros_tipocc')],
      lookups: [
        {
          fields: c.movilizacionTipoOption, path: '/fil_datas/movilizacion_tipos',
          summary: 'Tipos de centro de costo de terceros activos, con su código de recurso fijo (vacío si no tiene)',
          extra: { codigo_recurso: 'codigo_recurso' }, order: 'id',
        },
      ],
    }),
    // /tipos_mantenimiento (issue 19, SEED-002-ANALYSIS ambiguity 13): the labels of a work order's
    // maintenance type, the reports' MP, MC and MCD. The ids are fixed (1 MP, 2 MC, 3 MCD, created
    // by migration 0060): the KPI and profitability reports split by them, so a fourth type is
    // refused and the admin only renames. A type named by a work order cannot be removed.
    ...defineCatalogue({
      path: '/tipos_mantenimiento', title: 'Tipos de mantenimiento', fileBase: 'tipos_mantenimiento',
      entity: 'tipo_mantenimiento', name: 'tipo de mantenimiento', table: 'rm_tipos_mantenimiento', alias: 't',
      row: c.tipoMantenimientoRow,
      columns: [
        sorted('sigla', 'Sigla', 't.sigla'),
        sorted('nombre', 'Nombre', 't.nombre'),
        counted('ordenes', 'Órdenes de trabajo', '(SELECT count(*) FROM rm_ordenes_trabajo o WHERE o.id_tipo_mantenimiento = t.id)'),
      ],
      search: ['t.sigla', 't.nombre'], key: 't.id', defaultOrder: { col: 'id', dir: 'asc' },
      item: c.tipoMantenimientoItem, fields: { sigla: requiredText(10), nombre: requiredText(100) }, defaults: { sigla: '', nombre: '' },
      unique: [{ field: 'sigla', message: 'Ya existe un tipo de mantenimiento con esa sigla' }, { field: 'nombre', message: 'Ya existe un tipo de mantenimiento con ese nombre' }],
      check: async (_fields, { id, errors }) => {
        if (!(id >= 1 && id <= 3)) errors.nombre = MSG_TIPOS_FIJOS;
      },
      blockedBy: [{ one: 'orden de trabajo', many: 'órdenes de trabajo', from: 'rm_ordenes_trabajo', where: 'id_tipo_mantenimiento = $1' }],
      lookups: [{ path: '/fil_datas/tipos_mantenimiento', summary: 'Tipos de mantenimiento de la OT (1 MP, 2 MC, 3 MCD) para selects', order: 'id' }],
    }),
    // /frentes_obra: the fronts of a work site (issue 29; seed 002 §2 lists the request's "work-site
    // front" in the expanded detail and names no catalogue). Site, codigo and nombre required; the
    // code unique within its site. A request's front belongs to the request's site
    // (save-request.ts), so a front a request names neither moves to another site nor is removed.
    // The list and the select show only the caller's sites (platform/site-scope); the select needs the site.
    ...defineChildCatalogue(
      {
        field: 'id_obra', table: 'rm_obras', message: 'La obra no existe',
        usedBy: ['SELECT 1 FROM rm_solicitudes_compras WHERE id_frente_obra = $1'],
        locked: MSG_FRENTE_SITE_LOCKED,
      },
      {
        path: '/frentes_obra', title: 'Frentes de obra', fileBase: 'frentes_obra', entity: 'frente_obra', name: 'frente de obra', table: 'rm_frentes_obra', alias: 'f',
        from: `rm_frentes_obra f
          JOIN rm_obras o ON o.id = f.id_obra`,
        row: c.frenteObraRow,
        columns: [
          sorted('obra', 'Obra', "o.codigo || ' - ' || o.nombre"),
          sorted('codigo', 'Código', 'f.codigo'),
          sorted('nombre', 'Nombre', 'f.nombre'),
          counted('solicitudes', 'Solicitudes', '(SELECT count(*) FROM rm_solicitudes_compras r WHERE r.id_frente_obra = f.id)'),
        ],
        search: ['f.codigo', 'f.nombre', 'o.codigo', 'o.nombre'], key: 'f.codigo, f.id', defaultOrder: { col: 'obra', dir: 'asc' },
        scope: (sql, ctx) => siteScope(sql, ctx.principal, 'f.id_obra'),
        item: c.frenteObraItem,
        fields: { id_obra: requiredRef(), ...codeAndName().fields },
        defaults: { id_obra: null, ...codeAndName().defaults },
        unique: [{ field: 'codigo', within: 'id_obra', message: 'Ya existe un frente con ese código en la obra' }],
        blockedBy: [namedByRequest('id_frente_obra')],
        lookups: [
          codeNameLookup({
            fields: c.frenteObraOption, path: '/fil_datas/frentes_obra', summary: 'Frentes activos de una obra (código - nombre; id_obra obligatorio), de las obras del usuario',
            extra: { id_obra: 'id_obra' }, parent: { param: 'id_obra', column: 'id_obra', required: true },
            scope: (sql, principal) => siteScope(sql, principal, 'id_obra'),
          }),
        ],
      },
    ),
  ];
}
