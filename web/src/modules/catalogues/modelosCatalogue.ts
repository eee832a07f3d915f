import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /modelos (seed 001 §3 Model: id_marca, nombre). */
export const modelosCatalogue: CatalogueConfig = {
  endpoint: '/modelos',
  title: 'Modelos',
  newTitle: 'Nuevo modelo',
  editTitle: 'Editar modelo',
  topics: ['modelo', 'marca'],
  searchPlaceholder: 'Buscar modelo o marca',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'marca', label: 'Marca', sortable: true },
    { key: 'nombre', label: 'Modelo', sortable: true },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [{ name: 'id_marca', label: 'Marca', endpoint: '/fil_datas/marcas' }],
  fields: [
    { kind: 'select', name: 'id_marca', label: 'Marca', endpoint: '/fil_datas/marcas' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 100 },
  ],
};
