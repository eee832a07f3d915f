import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { marcas } from './catalogueResources';

/** /marcas (seed 001 §3 Brand: nombre). */
export const marcasCatalogue: CatalogueConfig = {
  resource: marcas, title: 'Marcas', noun: 'marca', feminine: true, searchPlaceholder: 'Buscar marca',
  columns: [col('nombre', 'Nombre'), col('modelos', 'Modelos', 'integer')],
  fields: [textField('nombre', 'Nombre', 100, { required: true })],
};
