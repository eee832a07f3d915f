import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';

type Health = { ok: boolean; msg: string };

function Home() {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async (): Promise<Health> => (await fetch('/api/health')).json(),
  });
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col justify-center gap-4 p-8">
      <h1 className="text-3xl font-semibold">Faena</h1>
      <p className="text-slate-600">Mantenimiento y logística de equipos para obras.</p>
      <p className="text-sm" role="status">
        {health.isPending ? 'Cargando...' : health.data?.ok ? 'Servicio disponible' : 'Se produjo un error'}
      </p>
    </main>
  );
}

export const Route = createFileRoute('/')({ component: Home });
