import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { EquiposPage } from '../../modules/equipos/EquiposPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /equipos (seed 001 §2): the equipment register with its amortization, documents, movement
 * history and insurance monthly cost. */
export const Route = createFileRoute('/_app/equipos')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: EquiposPage,
});
