import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { BoardPage } from '../../modules/work-orders/BoardPage';

const searchSchema = v.object({
  id_obra: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1))), undefined),
});

/** /ordenes_trabajo/tablero: the live board of open work orders per site. */
export const Route = createFileRoute('/_app/ordenes_trabajo_/tablero')({
  validateSearch: (s) => v.parse(searchSchema, s),
  component: Board,
});

function Board() {
  const { id_obra } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <BoardPage idObra={id_obra} onSite={(next) => void navigate({ search: { id_obra: next }, replace: true })} />;
}
