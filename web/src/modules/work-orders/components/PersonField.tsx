import { SelectLocal } from '../../../ui/select/SelectLocal';
import { FieldLabel } from '../../../ui/form/FieldLabel';

type Props = {
  label: string;
  /** '/fil_datas/operadores' | '/fil_datas/mecanicos' | '/fil_datas/supervisores'. */
  endpoint: string;
  idObra: number | null;
  value: number | null;
  onChange(value: number | null): void;
  signed: boolean;
  onSigned(signed: boolean): void;
  disabled: boolean;
  error?: string;
  className?: string;
};

/** Operador, Mecánico or Supervisor of the order: the people of the chosen site (seed 001 §7
 * lookups with id_obra), each with its 'Firmado' checkbox (seed 001 §2). Without a site there is
 * nobody to choose; a signature needs a person. */
export function PersonField({ label, endpoint, idObra, value, onChange, signed, onSigned, disabled, error, className }: Props) {
  return (
    <div className={className}>
      <FieldLabel required>{label}</FieldLabel>
      <div className="[&_label]:sr-only">
        <SelectLocal<number>
          label={label}
          endpoint={endpoint}
          params={idObra ? { id_obra: idObra } : undefined}
          value={value}
          onChange={(v) => onChange(v)}
          disabled={disabled || !idObra}
          placeholder={idObra ? 'Buscar…' : 'Elija primero la obra'}
          error={error}
        />
      </div>
      <label className="mt-2 inline-flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={signed}
          disabled={disabled || !value}
          onChange={(e) => onSigned(e.target.checked)}
          className="size-4 rounded border-slate-300 text-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600"
        />
        Firmado{label ? <span className="sr-only"> ({label})</span> : null}
      </label>
    </div>
  );
}
