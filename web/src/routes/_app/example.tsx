import { createFileRoute } from '@tanstack/react-router';
import { brands } from '../../modules/example/brands.resource';
import { BrandsPage } from '../../modules/example/BrandsPage';
import { listRoute } from '../../ui/resource/listRoute';

/** /example (seed 000 §2: a sample item under Applications): the UI kit's demonstration list. */
export const Route = createFileRoute('/_app/example')({
  ...listRoute(brands),
  component: function Example() {
    return <BrandsPage search={Route.useSearch()} />;
  },
});
