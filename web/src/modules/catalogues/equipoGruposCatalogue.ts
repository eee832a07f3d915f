import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /equipo_grupos (seed 001 §3 Equipment group: nombre). */
export const equipoGruposCatalogue: CatalogueConfig = {
  endpoint: '/equipo_grupos',
  title: 'Grupos de equipo',
  newTitle: 'Nuevo grupo de equipo',
  editTitle: 'Editar grupo de equipo',
  topics: ['equipo_grupo'],
  searchPlaceholder: 'Buscar grupo',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'subgrupos', label: 'Subgrupos', sortable: true, format: 'integer' },
    { key: 'productos', label: 'Productos', sortable: true, format: 'integer' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [{ kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 }],
};
