import { col, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { equipoGrupos } from './catalogueResources';

/** /equipo_grupos (seed 001 §3 Equipment group: nombre). */
export const equipoGruposCatalogue: CatalogueConfig = {
  resource: equipoGrupos, title: 'Grupos de equipo', noun: 'grupo de equipo', searchPlaceholder: 'Buscar grupo',
  columns: [col('nombre', 'Nombre'), col('subgrupos', 'Subgrupos', 'integer'), col('productos', 'Productos', 'integer')],
  fields: [textField('nombre', 'Nombre', 200, { required: true })],
};
