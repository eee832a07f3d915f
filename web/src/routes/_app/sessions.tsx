import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SessionsPage } from '../../modules/sessions/SessionsPage';
import { listSearchSchema } from '../../ui/list/useListSearch';

export const Route = createFileRoute('/_app/sessions')({
  validateSearch: (s) => v.parse(listSearchSchema, s),
  component: SessionsPage,
});
