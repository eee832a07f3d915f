import { createFileRoute, Navigate, useRouter } from '@tanstack/react-router';
import { mayOpen } from '../../session/screenGuard';
import { useMe } from '../../session/useMe';
import { flattenMenu } from '../../shell/flattenMenu';

/** `/` goes to the user's home module (seed 000 §2, exact match). */
export const Route = createFileRoute('/_app/')({
  component: function Home() {
    const me = useMe();
    const router = useRouter();
    if (me.isPending) return <p role="status" className="p-6 text-sm text-slate-500">Cargando...</p>;
    if (!me.data) return null;
    // The profile's home module, or the first menu entry this web app already has a screen for;
    // only screens the user may see (the route guard sends forbidden screens here).
    const built = (url?: string) => Boolean(url && url in router.routesByPath && mayOpen(me.data, url));
    const firstBuilt = flattenMenu(me.data.navigation).find(({ item }) => item.type === 'item' && built(item.url))?.item.url;
    const to = built(me.data.home) ? me.data.home : (firstBuilt ?? '/perfil/datos');
    return <Navigate to={to} replace />;
  },
});
