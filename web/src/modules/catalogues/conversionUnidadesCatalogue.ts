import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /conversion_unidades (seed 001 §3 Unit conversion: id_material_tipo, id_unidad, valor; §5: all
 * required): the units a material type may be counted in, with the factor to its base unit. */
export const conversionUnidadesCatalogue: CatalogueConfig = {
  endpoint: '/conversion_unidades',
  title: 'Conversión de unidades',
  newTitle: 'Nueva conversión de unidad',
  editTitle: 'Editar conversión de unidad',
  topics: ['conversion_unidad', 'material_tipo', 'unidad'],
  searchPlaceholder: 'Buscar tipo o unidad',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'material_tipo', label: 'Tipo de material', sortable: true },
    { key: 'unidad', label: 'Unidad', sortable: true },
    { key: 'valor', label: 'Valor', sortable: true, format: 'decimal', decimals: 4 },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [
    { name: 'id_material_tipo', label: 'Tipo de material', endpoint: '/fil_datas/material_tipos' },
    { name: 'id_unidad', label: 'Unidad', endpoint: '/fil_datas/unidades' },
  ],
  fields: [
    { kind: 'select', name: 'id_material_tipo', label: 'Tipo de material', endpoint: '/fil_datas/material_tipos' },
    { kind: 'select', name: 'id_unidad', label: 'Unidad', endpoint: '/fil_datas/unidades' },
    { kind: 'number', name: 'valor', label: 'Valor', required: true, decimals: 4, hint: 'Equivalencia en la unidad base del tipo (hasta 4 decimales).' },
  ],
};
