import { useEffect, useState } from 'react';
import { api } from '../api/client';
import { solveCaptcha, type CaptchaChallenge } from './solveCaptcha';

type Props = { username: string; value: string | null; onChange(token: string | null): void; resetKey: number; error?: string };

/** The self-hosted captcha: a proof of work solved in the browser ('No soy un robot'). It resets
 * when `resetKey` changes (seed 000 §5: after a failed sign-in the captcha resets). The challenge
 * is asked for the e-mail typed so far: an account others keep failing on costs more to solve. */
export function CaptchaField({ username, value, onChange, resetKey, error }: Props) {
  const [state, setState] = useState<'idle' | 'solving' | 'done' | 'error'>('idle');
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    setState('idle');
    setProgress(0);
    onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [resetKey]);

  async function solve() {
    if (state === 'solving' || state === 'done') return;
    setState('solving');
    const r = await api.get('/auth/captcha', { username: username.trim() });
    if (!r.envelope.ok) {
      setState('error');
      return;
    }
    try {
      const token = await solveCaptcha(r.envelope.challenge as CaptchaChallenge, setProgress);
      onChange(token);
      setState('done');
    } catch {
      setState('error');
    }
  }

  const done = state === 'done' && value;
  return (
    <div>
      <button
        type="button"
        onClick={solve}
        aria-pressed={Boolean(done)}
        aria-describedby={error ? 'captcha-error' : undefined}
        className="flex w-full items-center gap-3 rounded-md border border-slate-300 bg-slate-50 px-3 py-2.5 text-start text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600"
      >
        <span
          className={`flex size-5 shrink-0 items-center justify-center rounded border ${done ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-400 bg-white'}`}
          aria-hidden
        >
          {done ? '✓' : state === 'solving' ? <span className="size-3 animate-spin rounded-full border-2 border-teal-700 border-t-transparent" /> : null}
        </span>
        <span className="flex-1">
          {done ? 'Verificado' : state === 'solving' ? `Verificando… ${Math.round(progress * 100)}%` : state === 'error' ? 'No se pudo verificar. Intente de nuevo.' : 'No soy un robot'}
        </span>
        <span className="text-xs text-slate-500">captcha</span>
      </button>
      {error ? (
        <p id="captcha-error" role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
