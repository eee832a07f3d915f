import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { HorometrosPage } from '../../modules/horometros/HorometrosPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

/** /horometros (seed 001 §2): the hour-meter log list and form. */
export const Route = createFileRoute('/_app/horometros')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: HorometrosPage,
});
