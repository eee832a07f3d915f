import { createFileRoute, Link } from '@tanstack/react-router';

/** The fallback page for unknown addresses inside the application (seed 000 §2, catch-all). */
export const Route = createFileRoute('/_app/$')({
  component: () => (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-6xl font-bold text-slate-300">404</p>
      <h1 className="text-xl font-semibold text-slate-800">Página no encontrada</h1>
      <p className="text-sm text-slate-500">La dirección no existe o la sección todavía no está disponible.</p>
      <Link to="/" className="rounded-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800">
        Ir al inicio
      </Link>
    </section>
  ),
});
