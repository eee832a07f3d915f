import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { movilizacionTipos } from './catalogueResources';

/** /movilizacion_tipos: the third-party cost-centre (mobilisation) types of a service request
 * (seed 002: 1, 2, 3, no names; 2 fixes the resource 2-044, 3 fixes 4-046). The rules stay on the
 * id: type 2 asks for classification, cost-centre type and resource, whatever its name. */
export const movilizacionTiposCatalogue: CatalogueConfig = {
  resource: movilizacionTipos, title: 'Tipos de centro de costo de terceros', noun: 'tipo de centro de costo de terceros', searchPlaceholder: 'Buscar nombre o recurso',
  columns: [col('nombre', 'Nombre'), col('codigo_recurso', 'Recurso fijo'), col('recurso', 'Nombre del recurso', 'text', { sortable: false })],
  fields: [
    textField('nombre', 'Nombre', 100, { required: true, hint: 'Único. El tipo con ID 2 exige clasificación, tipo de centro de costo y recurso en la solicitud.' }),
    textField('codigo_recurso', 'Código de recurso fijo', 20, { hint: 'Opcional: el código de un recurso (p. ej. 2-044); la solicitud lo copia y lo bloquea.' }),
  ],
};
