import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /material_tipos (seed 001 §3 Material type: codigo, nombre). */
export const materialTiposCatalogue: CatalogueConfig = {
  endpoint: '/material_tipos',
  title: 'Tipos de material',
  newTitle: 'Nuevo tipo de material',
  editTitle: 'Editar tipo de material',
  topics: ['material_tipo', 'conversion_unidad'],
  searchPlaceholder: 'Buscar código o nombre',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'codigo', label: 'Código', sortable: true },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'materiales', label: 'Materiales', sortable: true, format: 'integer' },
    { key: 'unidades', label: 'Unidades permitidas' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [
    { kind: 'text', name: 'codigo', label: 'Código', maxLength: 20, hint: 'Opcional; único cuando se indica.' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 200 },
  ],
};
