import { Select } from '../select/Select';

const ITEMS = [
  { value: '1', label: 'Activos' },
  { value: '0', label: 'Inactivos' },
];

/** The Estado filter of a list: Activos ('1'), Inactivos ('0') or Todos (cleared, no filter).
 * The URL may hold the state as text or, once parsed, as a number; both show. */
export function EstadoFilter({ value, onChange }: { value: unknown; onChange(value: '0' | '1' | undefined): void }) {
  return (
    <Select
      label="Estado"
      items={ITEMS}
      value={typeof value === 'string' || typeof value === 'number' ? String(value) : null}
      onChange={(next) => onChange(next === '0' || next === '1' ? next : undefined)}
      placeholder="Todos"
      clearable
    />
  );
}
