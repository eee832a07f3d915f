import { Select } from '../select/Select';

const ITEMS = [
  { value: '1', label: 'Activos' },
  { value: '0', label: 'Inactivos' },
];

/** The Estado filter of a list: Activos (1), Inactivos (0) or Todos (cleared, no filter), as the
 * typed search holds it (listSearch's optionalEstado). */
export function EstadoFilter({ value, onChange }: { value: 0 | 1 | undefined; onChange(value: 0 | 1 | undefined): void }) {
  return (
    <Select
      label="Estado"
      items={ITEMS}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next === '0' ? 0 : next === '1' ? 1 : undefined)}
      placeholder="Todos"
      clearable
    />
  );
}
