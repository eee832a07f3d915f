import { col, numberField, selectField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { conversionUnidades } from './catalogueResources';

/** /conversion_unidades (seed 001 §3 Unit conversion: id_material_tipo, id_unidad, valor; §5: all
 * required): the units a material type may be counted in, with the factor to its base unit. */
export const conversionUnidadesCatalogue: CatalogueConfig = {
  resource: conversionUnidades, title: 'Conversión de unidades', noun: 'conversión de unidad', feminine: true, searchPlaceholder: 'Buscar tipo o unidad',
  columns: [col('material_tipo', 'Tipo de material'), col('unidad', 'Unidad'), col('valor', 'Valor', 'decimal', { decimals: 4 })],
  fields: [
    selectField('id_material_tipo', 'Tipo de material', '/fil_datas/material_tipos', { filter: true }),
    selectField('id_unidad', 'Unidad', '/fil_datas/unidades', { filter: true }),
    numberField('valor', 'Valor', 4, { required: true, hint: 'Equivalencia en la unidad base del tipo (hasta 4 decimales).' }),
  ],
};
