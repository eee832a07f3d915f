import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { AuthCard } from './AuthCard';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /recover and /:dir/recover: asks for the recovery mail (seed 000 §2, §5). */
export function RecoverPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setError('Ingrese un correo');
      return;
    }
    setBusy(true);
    const r = await api.post('/auth/recover', { username: email.trim() });
    setBusy(false);
    if (r.envelope.ok) {
      setSent(r.envelope.msg);
      setError('');
    } else setError(r.envelope.msg);
  }

  return (
    <AuthCard title="Recuperar contraseña">
      {sent ? (
        <p role="status" className="rounded-md bg-teal-50 px-3 py-2 text-sm text-teal-800">
          {sent}
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <label className="block text-sm font-medium text-slate-700">
            Correo electrónico
            <input
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={Boolean(error)}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30"
              autoFocus
            />
            {error ? (
              <span role="alert" className="mt-1 block text-xs text-red-600">
                {error}
              </span>
            ) : null}
          </label>
          <button type="submit" disabled={busy} className="w-full rounded-md bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:bg-slate-300">
            Enviar enlace
          </button>
        </form>
      )}
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="text-teal-700 hover:underline">
          Iniciar sesión
        </Link>
      </p>
    </AuthCard>
  );
}
