import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /equipo_productos (seed 001 §3 Equipment product: id_equipo_grupo, id_equipo_subgrupo, nombre;
 * the subgroup depends on the group and is cleared when the group changes, §5). */
export const equipoProductosCatalogue: CatalogueConfig = {
  endpoint: '/equipo_productos',
  title: 'Productos de equipo',
  newTitle: 'Nuevo producto de equipo',
  editTitle: 'Editar producto de equipo',
  topics: ['equipo_producto', 'equipo_subgrupo', 'equipo_grupo'],
  searchPlaceholder: 'Buscar producto o grupo',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'grupo', label: 'Grupo', sortable: true },
    { key: 'subgrupo', label: 'Subgrupo', sortable: true },
    { key: 'nombre', label: 'Producto', sortable: true },
    { key: 'equipos', label: 'Equipos', sortable: true, format: 'integer' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [
    { name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' },
    { name: 'id_equipo_subgrupo', label: 'Subgrupo', endpoint: '/fil_datas/equipo_subgrupos', dependsOn: 'id_equipo_grupo' },
  ],
  fields: [
    { kind: 'select', name: 'id_equipo_grupo', label: 'Grupo', endpoint: '/fil_datas/equipo_grupos' },
    { kind: 'select', name: 'id_equipo_subgrupo', label: 'Subgrupo', endpoint: '/fil_datas/equipo_subgrupos', dependsOn: 'id_equipo_grupo' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 },
  ],
};
