import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { grupoFuncionalElementosCatalogue } from '../../modules/catalogues/grupoFuncionalElementosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado and the parent filters. */
const searchSchema = catalogueSearchSchema(['id_grupo_funcional']);

/** /grupo_funcional_elementos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/grupo_funcional_elementos')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={grupoFuncionalElementosCatalogue} />,
});
