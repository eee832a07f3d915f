import type { ListColumn } from '../platform/define-list';

// Pieces every catalogue list shares: the state columns (its filters, estadoFilter and idFilter,
// are the platform's, platform/define-list.ts). `alias` is trusted SQL from code.

/** Estado and creation date, the last columns of every catalogue list. */
export const stateColumns = (alias?: string): ListColumn<'estado' | 'date_created'>[] => {
  const col = (name: string) => (alias ? `${alias}.${name}` : name);
  return [
    { key: 'estado', label: 'Estado', kind: 'bool', sql: col('estado'), sortable: true },
    { key: 'date_created', label: 'Creado', kind: 'datetime', sql: col('date_created'), sortable: true },
  ];
};
