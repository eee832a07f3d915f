import type { CatalogueConfig } from '../../ui/crud/catalogueConfig';

/** /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required). */
export const materialesCatalogue: CatalogueConfig = {
  endpoint: '/materiales',
  title: 'Materiales',
  newTitle: 'Nuevo material',
  editTitle: 'Editar material',
  topics: ['material', 'material_tipo'],
  searchPlaceholder: 'Buscar código o nombre',
  columns: [
    { key: 'id', label: 'ID', sortable: true, width: '5rem' },
    { key: 'codigo', label: 'Código', sortable: true },
    { key: 'nombre', label: 'Nombre', sortable: true },
    { key: 'material_tipo', label: 'Tipo de material', sortable: true },
    { key: 'estado', label: 'Estado', sortable: true, format: 'estado' },
    { key: 'date_created', label: 'Creado', sortable: true, format: 'datetime' },
  ],
  filters: [{ name: 'id_material_tipo', label: 'Tipo de material', endpoint: '/fil_datas/material_tipos' }],
  fields: [
    { kind: 'select', name: 'id_material_tipo', label: 'Tipo de material', endpoint: '/fil_datas/material_tipos' },
    { kind: 'text', name: 'codigo', label: 'Código', required: true, maxLength: 50, hint: 'Número de parte o código interno; único.' },
    { kind: 'text', name: 'nombre', label: 'Nombre', required: true, maxLength: 500 },
  ],
};
