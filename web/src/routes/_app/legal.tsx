import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../modules/admin-content/components/LegalPage';

/** /legal (seed 000): the legal text editor. The component (and TipTap with it) is split into its
 * own chunk by the router plugin (autoCodeSplitting): only this route loads the editor. */
export const Route = createFileRoute('/_app/legal')({
  component: LegalPage,
});
