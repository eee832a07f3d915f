import * as v from 'valibot';
import { defineCrud } from '../platform/define-crud';
import { defineList, type ListFilter } from '../platform/define-list';
import { defineLookup } from '../platform/define-lookup';
import { int, positiveId, requiredText, text } from '../platform/fields';
import type { AnyRoute } from '../platform/route';

const estadoFilter: ListFilter = {
  schema: v.pipe(v.picklist(['0', '1', 0, 1], 'Estado no válido'), v.transform(Number)),
  where: (sql, value: number) => sql`estado = ${value}`,
};

const stateColumns = [
  { key: 'estado', label: 'Estado', kind: 'bool' as const, sortable: true },
  { key: 'date_created', label: 'Creado', kind: 'datetime' as const, sortable: true },
];

/** The first master-data catalogues (seed 001 §3: Unit, Brand, Model) on the shared list, CRUD and
 * lookup mechanisms. */
export function catalogueRoutes(): AnyRoute[] {
  return [
    ...defineList({
      path: '/unidades',
      module: '/unidades',
      title: 'Unidades',
      fileBase: 'unidades',
      from: 'rm_unidades',
      columns: [
        { key: 'id', label: 'ID', kind: 'number', sortable: true },
        { key: 'nombre', label: 'Nombre', sortable: true },
        { key: 'decimales', label: 'Decimales', kind: 'number', sortable: true },
        { key: 'etiquetas', label: 'Etiquetas' },
        ...stateColumns,
      ],
      search: ['nombre', 'etiquetas'],
      dateColumn: 'date_created',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter },
    }),
    ...defineCrud({
      endpoint: '/unidades',
      module: '/unidades',
      entity: 'unidad',
      title: 'unidad',
      table: 'rm_unidades',
      fields: {
        nombre: requiredText(60),
        decimales: v.optional(v.pipe(int(), v.minValue(0, 'Mínimo 0'), v.maxValue(6, 'Máximo 6')), 0),
        etiquetas: v.optional(text(255), ''),
      },
      defaults: { nombre: '', decimales: 0, etiquetas: '' },
    }),
    ...defineList({
      path: '/marcas',
      module: '/marcas',
      title: 'Marcas',
      fileBase: 'marcas',
      from: 'rm_marcas',
      columns: [{ key: 'id', label: 'ID', kind: 'number', sortable: true }, { key: 'nombre', label: 'Nombre', sortable: true }, ...stateColumns],
      search: ['nombre'],
      dateColumn: 'date_created',
      defaultOrder: { col: 'nombre', dir: 'asc' },
      filters: { estado: estadoFilter },
    }),
    ...defineCrud({
      endpoint: '/marcas',
      module: '/marcas',
      entity: 'marca',
      title: 'marca',
      table: 'rm_marcas',
      fields: { nombre: requiredText(100) },
      defaults: { nombre: '' },
      async validate(fields, { id, deps }) {
        const [dup] = await deps.sql`SELECT 1 FROM rm_marcas WHERE lower(nombre) = lower(${fields.nombre}) AND id <> ${id}`;
        return dup ? { nombre: 'Ya existe una marca con ese nombre' } : {};
      },
    }),
    ...defineList({
      path: '/modelos',
      module: '/modelos',
      title: 'Modelos',
      fileBase: 'modelos',
      from: 'rm_modelos m JOIN rm_marcas b ON b.id = m.id_marca',
      columns: [
        { key: 'id', label: 'ID', kind: 'number', sql: 'm.id', sortable: true },
        { key: 'marca', label: 'Marca', sql: 'b.nombre', sortable: true },
        { key: 'nombre', label: 'Modelo', sql: 'm.nombre', sortable: true },
        { key: 'estado', label: 'Estado', kind: 'bool', sql: 'm.estado', sortable: true },
        { key: 'date_created', label: 'Creado', kind: 'datetime', sql: 'm.date_created', sortable: true },
      ],
      extra: { id_marca: 'm.id_marca' },
      search: ['m.nombre', 'b.nombre'],
      dateColumn: 'm.date_created',
      key: 'm.id',
      defaultOrder: { col: 'marca', dir: 'asc' },
      filters: {
        id_marca: { schema: positiveId(), where: (sql, value: number) => sql`m.id_marca = ${value}` },
        estado: { ...estadoFilter, where: (sql, value: number) => sql`m.estado = ${value}` },
      },
    }),
    ...defineCrud({
      endpoint: '/modelos',
      module: '/modelos',
      entity: 'modelo',
      title: 'modelo',
      table: 'rm_modelos',
      fields: { id_marca: v.pipe(positiveId(), v.check((x) => x > 0, 'Seleccione una marca')), nombre: requiredText(100) },
      defaults: { id_marca: null, nombre: '' },
      async validate(fields, { deps }) {
        const [brand] = await deps.sql`SELECT 1 FROM rm_marcas WHERE id = ${fields.id_marca}`;
        return brand ? {} : { id_marca: 'La marca no existe' };
      },
    }),
    defineLookup({
      path: '/fil_datas/marcas',
      access: { kind: 'signed_in' },
      summary: 'Marcas activas para selects',
      from: 'rm_marcas',
      valueColumn: 'id',
      labelColumn: 'nombre',
      where: 'estado = 1',
    }),
    defineLookup({
      path: '/fil_datas/modelos',
      access: { kind: 'signed_in' },
      summary: 'Modelos activos de una marca (select dependiente de id_marca)',
      from: 'rm_modelos',
      valueColumn: 'id',
      labelColumn: 'nombre',
      extra: { id_marca: 'id_marca' },
      where: 'estado = 1',
      parent: { param: 'id_marca', column: 'id_marca' },
    }),
    defineLookup({
      path: '/fil_datas/unidades',
      access: { kind: 'signed_in' },
      summary: 'Unidades activas para selects',
      from: 'rm_unidades',
      valueColumn: 'id',
      labelColumn: 'nombre',
      where: 'estado = 1',
      maxLimit: 500,
    }),
  ];
}
