import type { ReactNode } from 'react';

/** The centered card of the sign-in and recovery screens. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-900 via-slate-800 to-teal-900 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-6 text-center text-white">
          <div className="mx-auto mb-3 flex size-12 items-center justify-center rounded-xl bg-teal-500 text-2xl font-bold text-slate-900" aria-hidden>
            F
          </div>
          <p className="text-2xl font-semibold tracking-tight">Faena</p>
          {subtitle ? <p className="mt-1 text-sm text-slate-300">{subtitle}</p> : null}
        </div>
        <section className="rounded-xl bg-white p-6 shadow-xl" aria-labelledby="auth-title">
          <h1 id="auth-title" className="mb-5 text-lg font-semibold text-slate-900">
            {title}
          </h1>
          {children}
        </section>
      </div>
    </main>
  );
}
