import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { materiales } from './catalogueResources';

/** How a material came to be (the list's `type_generation`, its 'Origen' filter). */
const ORIGEN = { '1': 'Catálogo', '2': 'Solicitud de creación' };

/** /materiales (seed 001 §3 Material: id_material_tipo, codigo, nombre; §5: all required; seed 002
 * L75: the unit, the average price, the origin and when SICAM created it). */
export const materialesCatalogue: CatalogueConfig = {
  resource: materiales, title: 'Materiales', noun: 'material', searchPlaceholder: 'Buscar código o nombre',
  columns: [
    col('codigo', 'Código'), col('nombre', 'Nombre'), col('material_tipo', 'Tipo de material'), col('unidad_medida', 'Unidad'),
    col('precio_medio', 'Precio medio', 'decimal', { decimals: 4 }), col('type_generation', 'Origen', undefined, { labels: ORIGEN }), col('fecha_creado', 'Fecha de creación', 'datetime'),
  ],
  codeFilters: [{ name: 'type_generation', label: 'Origen', items: Object.entries(ORIGEN).map(([value, label]) => ({ value, label })) }],
  fields: [
    selectField('id_material_tipo', 'Tipo de material', '/fil_datas/material_tipos', { filter: true }),
    textField('codigo', 'Código', 50, { required: true, hint: 'Número de parte o código interno; único.' }),
    textField('nombre', 'Nombre', 500, { required: true }),
  ],
};
