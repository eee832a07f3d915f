import { createFileRoute } from '@tanstack/react-router';
import { GeneradorPage } from '../../modules/profitability/components/GeneradorPage';

/** /rentabilidad: the profitability report generator (seed 002 §2, issue 19). */
export const Route = createFileRoute('/_app/rentabilidad')({
  component: GeneradorPage,
});
