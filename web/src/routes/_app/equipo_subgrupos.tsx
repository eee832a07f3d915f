import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { equipoSubgruposCatalogue } from '../../modules/catalogues/equipoSubgruposCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado and the parent filters. */
const searchSchema = catalogueSearchSchema(['id_equipo_grupo']);

/** /equipo_subgrupos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/equipo_subgrupos')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={equipoSubgruposCatalogue} />,
});
