import type { RowMenuItem } from '../list/RowMenu';
import type { RecordAction } from './defineResource';

/** The generic CRUD's row menu (seed 000 §2, seed 001 §6): Editar, Activar or Desactivar (by the
 * row's estado) and Eliminar, each only with the module's edit right, followed by the module's
 * own entries. */
export function recordMenu(
  row: { id: number; estado?: number },
  options: { canEdit: boolean; onEdit(): void; act(action: RecordAction, id: number): unknown; toggle?: boolean },
  ...more: RowMenuItem[]
): RowMenuItem[] {
  const hidden = !options.canEdit;
  return [
    { label: 'Editar', onClick: options.onEdit, hidden },
    row.estado === 1
      ? { label: 'Desactivar', onClick: () => void options.act('disable', row.id), hidden: hidden || options.toggle === false }
      : { label: 'Activar', onClick: () => void options.act('enable', row.id), hidden: hidden || options.toggle === false },
    { label: 'Eliminar', onClick: () => void options.act('remove', row.id), hidden },
    ...more,
  ];
}
