import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { solicitudesTipos } from './catalogueResources';

/** /solicitudes_tipos: the request types (seed 002: ids 1 and 2, no names). The rule stays on the
 * id: a request of type 1 asks for the cost-centre type, whatever its name. */
export const solicitudesTiposCatalogue: CatalogueConfig = {
  resource: solicitudesTipos, title: 'Tipos de solicitud', noun: 'tipo de solicitud', searchPlaceholder: 'Buscar nombre',
  columns: [col('nombre', 'Nombre'), col('solicitudes', 'Solicitudes', 'integer')],
  fields: [textField('nombre', 'Nombre', 100, { required: true, hint: 'Único. El tipo con ID 1 exige el tipo de centro de costo en la solicitud.' })],
};
