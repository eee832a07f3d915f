import { col, numberField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { unidades } from './catalogueResources';

/** /unidades (seed 001 §3 Unit: nombre, decimales, etiquetas; §5: nombre required). */
export const unidadesCatalogue: CatalogueConfig = {
  resource: unidades, title: 'Unidades', noun: 'unidad', feminine: true, searchPlaceholder: 'Buscar unidad o etiqueta',
  columns: [col('nombre', 'Nombre'), col('decimales', 'Decimales', 'integer'), col('etiquetas', 'Etiquetas', 'text', { sortable: false })],
  fields: [
    textField('nombre', 'Nombre', 60, { required: true }),
    numberField('decimales', 'Decimales', 0, { hint: 'Decimales con que se registran cantidades en esta unidad (0 a 6).' }),
    textField('etiquetas', 'Etiquetas', 255, { hint: 'Otros nombres, separados por comas (p. ej. galón, gal).' }),
  ],
};
