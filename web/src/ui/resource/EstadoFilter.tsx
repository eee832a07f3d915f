import { SelectFilter } from './SelectFilter';

const ITEMS = [
  { value: '1', label: 'Activos' },
  { value: '0', label: 'Inactivos' },
];

/** The Estado filter of a list: Activos (1), Inactivos (0) or Todos (cleared, no filter), in the
 * URL as listSearch's optionalEstado. */
export function EstadoFilter({ list, className = 'w-full sm:w-40' }: { list: Parameters<typeof SelectFilter>[0]['list']; className?: string }) {
  return <SelectFilter list={list} name="estado" label="Estado" items={ITEMS} placeholder="Todos" className={className} />;
}
