import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { equipoProductos } from './catalogueResources';

/** /equipo_productos (seed 001 §3 Equipment product: id_equipo_grupo, id_equipo_subgrupo, nombre;
 * the subgroup depends on the group and is cleared when the group changes, §5). */
export const equipoProductosCatalogue: CatalogueConfig = {
  resource: equipoProductos, title: 'Productos de equipo', noun: 'producto de equipo', searchPlaceholder: 'Buscar producto o grupo',
  columns: [col('grupo', 'Grupo'), col('subgrupo', 'Subgrupo'), col('nombre', 'Producto'), col('equipos', 'Equipos', 'integer')],
  fields: [
    selectField('id_equipo_grupo', 'Grupo', '/fil_datas/equipo_grupos', { filter: true }),
    selectField('id_equipo_subgrupo', 'Subgrupo', '/fil_datas/equipo_subgrupos', { dependsOn: 'id_equipo_grupo', filter: true }),
    textField('nombre', 'Nombre', 200, { required: true }),
  ],
};
