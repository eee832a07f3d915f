import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { api } from '../api/client';
import { fieldErrors } from '../api/envelope';
import { accounts } from '../session/accounts';
import { AuthCard } from './AuthCard';
import { CaptchaField } from './CaptchaField';
import { deviceData } from './deviceData';

type Props = { addAccount: boolean; redirect?: string };

const FIELD = 'mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid=true]:border-red-500';

/** A sign-in field: its label around the input, and the server's message for it under it. */
function LoginField({ label, error, onText, ...input }: { label: string; error?: string; onText(text: string): void } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <input {...input} onChange={(e) => onText(e.target.value)} aria-invalid={Boolean(error)} className={FIELD} />
      {error ? <span className="mt-1 block text-xs text-red-600">{error}</span> : null}
    </label>
  );
}

/** /login and /login/add_account (seed 000 §2, §5): Ingresar is enabled only with e-mail, password
 * and a solved captcha; after a failure the captcha resets and the server message and field
 * errors show. */
export function LoginPage({ addAccount, redirect }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaReset, setCaptchaReset] = useState(0);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!username || !password || !captcha || busy) return;
    setBusy(true);
    const r = await api.post('/auth/login', { username, password, token_captcha: captcha, ...deviceData() });
    setBusy(false);
    if (!r.envelope.ok) {
      setMessage(r.envelope.msg);
      setErrors(fieldErrors(r.envelope.errors));
      setCaptchaReset((n) => n + 1);
      return;
    }
    const { id, name, surname, token } = r.envelope as unknown as { id: number; name: string; surname: string; token: string };
    accounts.add({ id, name, surname, token });
    await queryClient.invalidateQueries({ queryKey: ['me'] });
    await navigate({ to: redirect && redirect.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/' });
  }

  return (
    <AuthCard title={addAccount ? 'Agregar cuenta' : 'Iniciar sesión'} subtitle="Mantenimiento y logística de equipos">
      <form onSubmit={submit} className="space-y-4" noValidate>
        {message ? (
          <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {message}
          </div>
        ) : null}
        <LoginField label="Correo electrónico" type="email" name="username" autoComplete="username" value={username} onText={setUsername} error={errors.username?.trim() ? errors.username : undefined} autoFocus />
        <LoginField label="Contraseña" type="password" name="password" autoComplete="current-password" value={password} onText={setPassword} error={errors.password} />
        <CaptchaField username={username} value={captcha} onChange={setCaptcha} resetKey={captchaReset} error={errors.token_captcha} />
        <button
          type="submit"
          disabled={!username || !password || !captcha || busy}
          className="w-full rounded-md bg-teal-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-teal-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          {busy ? 'Ingresando…' : 'Ingresar'}
        </button>
        <div className="flex justify-between text-sm">
          <Link to="/recover" className="text-teal-700 hover:underline">
            ¿Olvidó su contraseña?
          </Link>
          {addAccount ? (
            <Link to="/" className="text-slate-500 hover:underline">
              Volver
            </Link>
          ) : null}
        </div>
      </form>
    </AuthCard>
  );
}
