import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /unidades (seed 001 §3 Unit: nombre, decimales, etiquetas; §5: nombre required). */
export const unidadesCatalogue: CatalogueConfig = {
  endpoint: '/unidades',
  title: 'Unidades',
  newTitle: 'Nueva unidad',
  editTitle: 'Editar unidad',
  topics: ['unidad'],
  searchPlaceholder: 'Buscar unidad o etiqueta',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'decimales', label: 'Decimales', sortable: true, format: 'integer' },
    { key: 'etiquetas', label: 'Etiquetas' },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  fields: [
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 60 },
    { kind: 'number', name: 'decimales', label: 'Decimales', decimals: 0, hint: 'Decimales con que se registran cantidades en esta unidad (0 a 6).' },
    { kind: 'text', name: 'etiquetas', label: 'Etiquetas', maxLength: 255, hint: 'Otros nombres, separados por comas (p. ej. galón, gal).' },
  ],
};
