import type { ReactNode } from 'react';
import { SECONDARY_BUTTON } from '../../../ui/dialogs/buttonClasses';
import { LoadState } from '../../../ui/dialogs/LoadState';

const BACK =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none';

type Props = {
  title: string;
  subtitle?: ReactNode;
  /** '←': a button, so the form's unsaved-changes prompt can stop it. */
  onBack(): void;
  backLabel: string;
  /** Chips and buttons at the end (state, PDF, activity). */
  children?: ReactNode;
};

/** The head of a request page (form, Pedido): back, title and subtitle, then the page's chips and
 * buttons. */
export function PageHead({ title, subtitle, onBack, backLabel, children }: Props) {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <button type="button" aria-label={backLabel} onClick={onBack} className={BACK}>
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-5 rtl:-scale-x-100" aria-hidden="true">
          <path d="M16 10H4m0 0 5-5m-5 5 5 5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-lg font-semibold text-slate-900">{title}</h1>
        {subtitle ? <p className="truncate text-sm text-slate-500">{subtitle}</p> : null}
      </div>
      {children}
    </div>
  );
}

/** A reason the request was sent back or refused, shown on top of its form (seed 002 §4). */
export function ReasonNotice({ title, text, tone }: { title: string; text: string; tone: 'amber' | 'red' }) {
  const classes = tone === 'red' ? 'border-rose-200 bg-rose-50 text-rose-900' : 'border-amber-200 bg-amber-50 text-amber-900';
  return (
    <div role="status" className={`rounded-lg border px-4 py-3 text-sm ${classes}`}>
      <p className="font-semibold">{title}</p>
      <p className="mt-1 whitespace-pre-wrap">{text}</p>
    </div>
  );
}

/** A titled white panel of a form (a region named by its title); `flush` for a table. */
export function Panel({ title, children, actions, flush = false }: { title: string; children: ReactNode; actions?: ReactNode; flush?: boolean }) {
  return (
    <section aria-label={title} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3">
        <h2 className="flex-1 text-sm font-semibold tracking-wide text-slate-800 uppercase">{title}</h2>
        {actions}
      </div>
      {flush ? children : <div className="p-4 sm:p-5">{children}</div>}
    </section>
  );
}

/** A record page before its record is there: the head, then loading, or the load error with
 * 'Reintentar' and a way back to the list. */
export function PageLoading({ head, error, onRetry, backLabel, onBack }: { head: ReactNode; error: string | null; onRetry(): void; backLabel: string; onBack(): void }) {
  return (
    <section className="mx-auto max-w-7xl space-y-4">
      {head}
      <LoadState framed error={error ? new Error(error) : null} onRetry={onRetry}>
        <button type="button" className={SECONDARY_BUTTON} onClick={onBack}>
          {backLabel}
        </button>
      </LoadState>
    </section>
  );
}
