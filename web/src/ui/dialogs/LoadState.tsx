import type { ReactNode } from 'react';
import { SECONDARY_BUTTON } from './buttonClasses';
import { Spinner } from './Spinner';

type Props = {
  /** The failed read; without it the read is still on its way. */
  error?: Error | null;
  onRetry?(): void;
  /** Draw the white card around it (a page body); off inside a card already. */
  framed?: boolean;
  /** More buttons beside 'Reintentar' ('Volver a la lista'). */
  children?: ReactNode;
};

/** A read that failed, in a line of text: its message and a 'Reintentar' link (inside a panel,
 * a detail row or a small table). */
export function RetryLine({ message, onRetry }: { message: string; onRetry(): void }) {
  return (
    <p role="alert" className="text-sm text-rose-700">
      {message}{' '}
      <button type="button" className="font-medium underline" onClick={onRetry}>
        Reintentar
      </button>
    </p>
  );
}

/** A page's read in progress (a spinner, 'Cargando...') or failed: its message and 'Reintentar'
 * (seed 001 §8), centred where the content will be. */
export function LoadState({ error, onRetry, framed = false, children }: Props) {
  const frame = framed ? 'rounded-lg border border-slate-200 bg-white shadow-sm' : '';
  if (!error) {
    return (
      <div className={`flex justify-center py-20 text-teal-700 ${frame}`}>
        <Spinner className="size-7" label="Cargando..." />
      </div>
    );
  }
  return (
    <div role="alert" className={`flex flex-col items-center gap-3 px-4 py-16 text-center text-sm text-red-700 ${frame}`}>
      <p>{error.message}</p>
      <div className="flex gap-2">
        <button type="button" className={SECONDARY_BUTTON} onClick={onRetry}>
          Reintentar
        </button>
        {children}
      </div>
    </div>
  );
}
