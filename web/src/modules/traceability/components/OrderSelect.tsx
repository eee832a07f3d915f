import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ComboboxField } from '../../../ui/select/ComboboxField';
import type { SelectOption } from '../../../ui/select/selectOption';
import { traceabilityQueries, type TraceabilityFilters } from '../traceability.queries';

/** Seed 002 §5: the OT select searches once the text reaches this length. */
const MIN_LENGTH = 1;

type Props = {
  filters: TraceabilityFilters | null;
  value: number | undefined;
  /** The chosen order's code, when known (the header of its timeline). */
  label: string | undefined;
  onChange(id: number | undefined, label: string | undefined): void;
  /** Why it is disabled (the panel still needs dates, a group or a state). */
  missing: string | null;
};

/** 'Orden de Trabajo' of the per-OT panel (seed 002 §2, §5): required, clearable, searching
 * GET /fil_datas/ordenTrabajoLT with the panel's filters from the first character (300 ms after
 * typing stops); disabled until the panel can search. A refused reply gives an empty list, with no
 * message (§8). */
export function OrderSelect({ filters, value, label, onChange, missing }: Props) {
  const [query, setQuery] = useState('');
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setTyped(query.trim()), 300);
    return () => window.clearTimeout(timer);
  }, [query]);
  const long = typed.length >= MIN_LENGTH;
  const found = useQuery({
    ...traceabilityQueries.orders(filters!, typed),
    enabled: filters !== null && long,
    select: (reply) => reply.items.map((i): SelectOption<number> => ({ value: i.value, label: i.label })),
  });
  const options = long && !found.isError ? (found.data ?? []) : [];
  const searching = query.trim().length >= MIN_LENGTH && (query.trim() !== typed || found.isFetching);
  return (
    <div title={missing ?? undefined}>
      <ComboboxField<number>
        label="Orden de Trabajo"
        required
        placeholder="Buscar OT…"
        selected={value === undefined ? null : { value, label: label ?? String(value) }}
        options={options}
        onSelect={(o) => onChange(o?.value, o?.label)}
        onQuery={setQuery}
        loading={searching}
        notice={query.trim().length < MIN_LENGTH ? 'Escribe algo para buscar.' : 'Sin resultados.'}
        disabled={filters === null}
      />
      {missing ? <p className="mt-1 text-xs text-slate-600">{missing}</p> : null}
    </div>
  );
}
