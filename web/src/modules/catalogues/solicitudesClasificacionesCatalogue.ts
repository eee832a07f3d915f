import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { solicitudesClasificaciones } from './catalogueResources';

/** /solicitudes_clasificaciones: the request classifications (seed 002: ids 1 and 2, no names). */
export const solicitudesClasificacionesCatalogue: CatalogueConfig = {
  resource: solicitudesClasificaciones, title: 'Clasificaciones de solicitud', noun: 'clasificación de solicitud', feminine: true, searchPlaceholder: 'Buscar nombre',
  columns: [col('nombre', 'Nombre'), col('solicitudes', 'Solicitudes', 'integer')],
  fields: [textField('nombre', 'Nombre', 100, { required: true, hint: 'Único.' })],
};
