import { catalogueResource } from '../../ui/crud/catalogueResource';
import { col, numberField, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { empresas } from './empresasResource';


/** /empresas (seed 000 §3 Company: nombre, ruc). */
export const empresasCatalogue: CatalogueConfig = {
  resource: empresas, title: 'Empresas', noun: 'empresa', feminine: true, searchPlaceholder: 'Buscar nombre o RUC',
  columns: [col('nombre', 'Nombre'), col('ruc', 'RUC'), col('obras', 'Obras', 'integer')],
  fields: [textField('nombre', 'Nombre', 150, { required: true }), textField('ruc', 'RUC', 11, { hint: '11 dígitos; opcional' })],
};

/** The site form of /obras (issue 13, item 22; seed 000 §3 Site), the generic CRUD of /obras: the
 * list itself is ObrasPage. */
export const obrasCatalogue: CatalogueConfig = {
  resource: catalogueResource('/obras', ['obra']), title: 'Obras', noun: 'obra', feminine: true, searchPlaceholder: 'Buscar código, nombre o ciudad',
  columns: [],
  fields: [
    selectField('id_empresa', 'Empresa', '/fil_datas/empresas', { required: true }),
    textField('codigo', 'Código', 20, { required: true, hint: 'p. ej. OB-LIM-01; las órdenes de trabajo empiezan con él' }),
    textField('nombre', 'Nombre', 150, { required: true }),
    textField('direccion', 'Dirección', 250),
    textField('ciudad', 'Ciudad', 100),
    numberField('plazo_necesidad_dias', 'Plazo de necesidad (días)', 0, { required: true, hint: 'Días desde que se genera una solicitud desde una OT hasta su fecha de necesidad (0 a 365).' }),
  ],
};
