import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /marcas (seed 001 §3 Brand: nombre). */
export const marcasCatalogue: CatalogueConfig = {
  endpoint: '/marcas',
  title: 'Marcas',
  newTitle: 'Nueva marca',
  editTitle: 'Editar marca',
  topics: ['marca'],
  searchPlaceholder: 'Buscar marca',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'modelos', label: 'Modelos', sortable: true, format: 'integer' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [{ kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 100 }],
};
