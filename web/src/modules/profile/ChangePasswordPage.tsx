import { useNavigate } from '@tanstack/react-router';
import { useRef, useState, type FormEvent } from 'react';
import { FormErrorBanner } from '../../ui/form/FormErrorBanner';
import { useWrite } from '../../ui/resource/useWrite';
import { fieldErrors } from '../../api/envelope';
import { accounts } from '../../session/accounts';
import { useConfirm } from '../../ui/dialogs/useConfirm';
import { useToast } from '../../ui/toast/useToast';
import { ProfileTabs } from './ProfileTabs';

/** /perfil/clave (seed 000 §2, §4, §5): current, new and confirmation, a confirmation prompt,
 * server errors per field; `cambiar_clave_generica` signs the user out. */
export function ChangePasswordPage() {
  const { write } = useWrite();
  const { confirm } = useConfirm();
  const { show } = useToast();
  const navigate = useNavigate();
  const [values, setValues] = useState({ current_password: '', new_password_1: '', new_password_2: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(0);
  const scope = useRef<HTMLFormElement>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!(await confirm({ message: '¿Estás seguro de que deseas cambiar tu contraseña?' }))) return;
    const r = await write({ path: '/me/cambiarClave', body: values });
    if (!r.envelope.ok) {
      setErrors(fieldErrors(r.envelope.errors));
      setMessage(r.envelope.msg);
      setAttempt((n) => n + 1);
      return;
    }
    setErrors({});
    setMessage('');
    setValues({ current_password: '', new_password_1: '', new_password_2: '' });
    show(r.envelope.msg || 'Actualizado correctamente', 'success');
    if (r.envelope.cambiar_clave_generica) {
      const current = accounts.current();
      await write({ path: '/login/logout' });
      if (current) accounts.remove(current.id);
      await navigate({ to: '/login' });
    }
  }

  const fields: [keyof typeof values, string][] = [
    ['current_password', 'Contraseña actual'],
    ['new_password_1', 'Nueva contraseña'],
    ['new_password_2', 'Confirmar nueva contraseña'],
  ];
  return (
    <section className="mx-auto max-w-2xl">
      <h1 className="mb-4 text-xl font-semibold text-slate-900">Perfil</h1>
      <ProfileTabs />
      <form ref={scope} onSubmit={submit} className="space-y-4 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <FormErrorBanner message={message} scope={scope} attempt={attempt} />
        {fields.map(([name, label]) => (
          <div key={name}>
            <label htmlFor={`clave-${name}`} className="block text-sm font-medium text-slate-700">
              {label}
            </label>
            <input
              id={`clave-${name}`}
              type="password"
              name={name}
              autoComplete={name === 'current_password' ? 'current-password' : 'new-password'}
              value={values[name]}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              aria-invalid={Boolean(errors[name])}
              aria-describedby={errors[name] ? `clave-${name}-error` : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:border-teal-600 focus:outline-none focus:ring-2 focus:ring-teal-600/30 aria-[invalid=true]:border-red-500"
            />
            {errors[name] ? (
              <span id={`clave-${name}-error`} className="mt-1 block text-xs text-red-600">
                {errors[name]}
              </span>
            ) : null}
          </div>
        ))}
        <button type="submit" disabled={!values.current_password || !values.new_password_1 || !values.new_password_2} className="rounded-md bg-teal-700 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-800 disabled:bg-slate-300">
          Cambiar contraseña
        </button>
      </form>
    </section>
  );
}
