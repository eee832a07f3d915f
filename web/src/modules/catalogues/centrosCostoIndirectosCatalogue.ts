import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { centrosCostoIndirectos } from './catalogueResources';

/** /centros_costo_indirectos: the indirect cost centres of a request without equipment. */
export const centrosCostoIndirectosCatalogue: CatalogueConfig = {
  resource: centrosCostoIndirectos, title: 'Centros de costo indirectos', noun: 'centro de costo indirecto', searchPlaceholder: 'Buscar código o nombre',
  columns: [col('codigo', 'Código'), col('nombre', 'Nombre'), col('elementos', 'Elementos', 'integer')],
  fields: [textField('codigo', 'Código', 20, { required: true, hint: 'Único.' }), textField('nombre', 'Nombre', 200, { required: true })],
};
