import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { DEFAULT_ERROR, fieldErrors } from '../api/envelope';
import { AuthCard } from './AuthCard';

/** /recover_password/:token: checks the token first (error icon and message when invalid), then
 * new password and repeat; Guardar only when both are equal and not empty (seed 000 §2, §5). */
export function ResetPasswordPage({ token }: { token: string }) {
  const navigate = useNavigate();
  const check = useQuery({ queryKey: ['recover', token], queryFn: async () => (await api.get('/recover', { token_recover: token })).envelope, retry: false });
  const [p1, setP1] = useState('');
  const [p2, setP2] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    // POST: the new password never travels in a URL (proxies and logs keep URLs).
    const r = await api.post('/recover/save', { token_recover: token, password1: p1, password2: p2 });
    if (r.envelope.ok) {
      await navigate({ to: '/login' });
      return;
    }
    setMessage(r.envelope.msg || DEFAULT_ERROR);
    setErrors(fieldErrors(r.envelope.errors));
  }

  const input = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30';
  return (
    <AuthCard title="Nueva contraseña">
      {check.isPending ? (
        <p role="status" className="text-sm text-slate-500">
          Cargando...
        </p>
      ) : !check.data?.ok ? (
        <div role="alert" className="flex flex-col items-center gap-3 text-center text-sm text-red-700">
          <span className="flex size-12 items-center justify-center rounded-full bg-red-100 text-2xl" aria-hidden>
            !
          </span>
          {check.data?.msg || DEFAULT_ERROR}
          <Link to="/recover" className="text-teal-700 hover:underline">
            Pedir un nuevo enlace
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          {message ? <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">{message}</p> : null}
          <label className="block text-sm font-medium text-slate-700">
            Nueva contraseña
            <input type="password" autoComplete="new-password" value={p1} onChange={(e) => setP1(e.target.value)} className={input} />
            {errors.password1 ? <span className="mt-1 block text-xs text-red-600">{errors.password1}</span> : null}
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Repetir contraseña
            <input type="password" autoComplete="new-password" value={p2} onChange={(e) => setP2(e.target.value)} className={input} />
            {errors.password2 ? <span className="mt-1 block text-xs text-red-600">{errors.password2}</span> : null}
          </label>
          <button type="submit" disabled={!p1 || p1 !== p2} className="w-full rounded-md bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white hover:bg-teal-800 disabled:bg-slate-300">
            Guardar
          </button>
        </form>
      )}
    </AuthCard>
  );
}
