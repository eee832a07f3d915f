import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { equipoProductosCatalogue } from '../../modules/catalogues/equipoProductosCatalogue';
import { CataloguePage } from '../../ui/crud/CataloguePage';
import { catalogueSearchSchema } from '../../ui/crud/catalogueSearchSchema';

/** The list state in the URL: the list protocol, estado and the parent filters. */
const searchSchema = catalogueSearchSchema(['id_equipo_grupo', 'id_equipo_subgrupo']);

/** /equipo_productos (seed 001 §2 master-data routes): the generic catalogue screen. */
export const Route = createFileRoute('/_app/equipo_productos')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: () => <CataloguePage config={equipoProductosCatalogue} />,
});
