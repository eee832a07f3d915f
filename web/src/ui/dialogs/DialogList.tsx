import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { PRIMARY_BUTTON } from './buttonClasses';
import { RetryLine } from './LoadState';
import { Spinner } from './Spinner';

type Props<Data> = {
  /** The dialog's read of its records. */
  query: UseQueryResult<Data, Error>;
  /** The button at the top right that adds a record ('Nuevo'), for those who may edit. */
  create?: { label: string; onClick(): void; disabled?: boolean };
  /** The records, once read. */
  children(data: Data): ReactNode;
};

/** The records a dialog lists (a machine's documents, its plans): the add button on top, a
 * spinner ('Cargando') while the read is on its way, its message and 'Reintentar' when it failed,
 * else the records. */
export function DialogList<Data>({ query, create, children }: Props<Data>) {
  return (
    <div className="space-y-4 px-5 py-5 sm:px-6">
      {create ? (
        <div className="flex justify-end">
          <button type="button" className={PRIMARY_BUTTON} onClick={create.onClick} disabled={create.disabled}>
            {create.label}
          </button>
        </div>
      ) : null}
      {query.isPending ? (
        <div className="flex justify-center py-6 text-teal-700">
          <Spinner className="size-7" label="Cargando" />
        </div>
      ) : query.isError ? (
        <RetryLine message={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data)
      )}
    </div>
  );
}
