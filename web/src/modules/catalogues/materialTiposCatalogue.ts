import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { materialTipos } from './catalogueResources';

/** /material_tipos (seed 001 §3 Material type: codigo, nombre). */
export const materialTiposCatalogue: CatalogueConfig = {
  resource: materialTipos, title: 'Tipos de material', noun: 'tipo de material', searchPlaceholder: 'Buscar código o nombre',
  columns: [col('codigo', 'Código'), col('nombre', 'Nombre'), col('materiales', 'Materiales', 'integer'), col('unidades', 'Unidades permitidas', 'text', { sortable: false })],
  fields: [textField('codigo', 'Código', 20, { hint: 'Opcional; único cuando se indica.' }), textField('nombre', 'Nombre', 200, { required: true })],
};
