import { Link } from '@tanstack/react-router';

/** Datos and Contraseña tabs of /perfil. */
export function ProfileTabs() {
  const tab = 'border-b-2 px-4 py-2 text-sm font-medium';
  return (
    <nav className="mb-6 flex gap-2 border-b border-slate-200" aria-label="Perfil">
      <Link to="/perfil/datos" className={`${tab} border-transparent text-slate-600`} activeProps={{ className: `${tab} border-teal-700 text-teal-800` }}>
        Datos
      </Link>
      <Link to="/perfil/clave" className={`${tab} border-transparent text-slate-600`} activeProps={{ className: `${tab} border-teal-700 text-teal-800` }}>
        Contraseña
      </Link>
    </nav>
  );
}
