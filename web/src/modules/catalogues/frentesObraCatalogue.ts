import { col, selectField, textField, type CatalogueConfig } from '../../ui/crud/catalogueConfig';
import { frentesObra } from './catalogueResources';

/** /frentes_obra: the fronts of a work site (issue 29); a request's front is one of its site's. */
export const frentesObraCatalogue: CatalogueConfig = {
  resource: frentesObra, title: 'Frentes de obra', noun: 'frente', searchPlaceholder: 'Buscar frente u obra',
  columns: [col('obra', 'Obra'), col('codigo', 'Código'), col('nombre', 'Nombre'), col('solicitudes', 'Solicitudes', 'integer')],
  fields: [
    selectField('id_obra', 'Obra', '/fil_datas/obras', { filter: true }),
    textField('codigo', 'Código', 20, { required: true, hint: 'Único en la obra.' }),
    textField('nombre', 'Nombre', 200, { required: true }),
  ],
};
