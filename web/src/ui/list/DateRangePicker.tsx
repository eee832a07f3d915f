import { CloseButton, Popover, PopoverButton, PopoverPanel, useClose } from '@headlessui/react';
import { useId, useState } from 'react';
import { DateField } from '../DateField';
import { DATE_PRESETS, datePreset } from './datePresets';
import { businessToday, formatDate } from '@shared/time';

type Props = { from?: string; to?: string; onChange(from?: string, to?: string): void };

const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** The panel's draft; it mounts each time the panel opens, so it starts from the applied range. */
function RangePanel({ from, to, onChange }: Props) {
  const id = useId();
  const close = useClose();
  const [draftFrom, setDraftFrom] = useState(from ?? '');
  const [draftTo, setDraftTo] = useState(to ?? '');
  // Rule: 'Desde' may not exceed 'Hasta' (yyyy-MM-dd strings compare in calendar order).
  const inverted = draftFrom !== '' && draftTo !== '' && draftFrom > draftTo;

  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <div className="grid grid-cols-2 gap-1 sm:w-40 sm:grid-cols-1">
        {DATE_PRESETS.map((name) => (
          <CloseButton
            key={name}
            type="button"
            onClick={() => {
              const range = datePreset(name, businessToday(new Date()));
              onChange(range.from, range.to);
            }}
            className={`rounded-md px-2 py-1.5 text-start text-sm text-slate-700 hover:bg-teal-50 hover:text-teal-800 ${FOCUS}`}
          >
            {name}
          </CloseButton>
        ))}
      </div>
      <form
        className="flex flex-1 flex-col gap-3 border-slate-200 sm:border-s sm:ps-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (inverted) return;
          // Rule: a range applies only with both ends; Aplicar with one end clears both.
          if (draftFrom && draftTo) onChange(draftFrom, draftTo);
          else onChange(undefined, undefined);
          close();
        }}
      >
        <DateField label="Desde" value={draftFrom} onChange={setDraftFrom} />
        <DateField label="Hasta" value={draftTo} onChange={setDraftTo} />
        {inverted ? (
          <p id={`${id}-err`} role="alert" className="text-xs text-rose-700">
            La fecha «Desde» no puede ser posterior a «Hasta».
          </p>
        ) : (
          <p className="text-xs text-slate-500">El rango se aplica solo con ambas fechas.</p>
        )}
        <div className="mt-auto flex justify-end gap-2">
          <CloseButton
            type="button"
            onClick={() => onChange(undefined, undefined)}
            className={`h-9 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 ${FOCUS}`}
          >
            Limpiar
          </CloseButton>
          {/* An inverted range is refused: Aplicar stays disabled until it is fixed. */}
          <button
            type="submit"
            disabled={inverted}
            className={`h-9 rounded-md bg-teal-700 px-4 text-sm font-medium text-white shadow-sm hover:bg-teal-800 disabled:cursor-not-allowed disabled:opacity-50 ${FOCUS} focus-visible:ring-offset-2`}
          >
            Aplicar
          </button>
        </div>
      </form>
    </div>
  );
}

/** Date range filter: a button showing the applied range, opening presets and two date inputs. Emits both days
 * (yyyy-MM-dd) or neither. */
export function DateRangePicker({ from, to, onChange }: Props) {
  const applied = !!from && !!to;
  return (
    <Popover className="relative">
      <PopoverButton
        className={`inline-flex h-9 items-center gap-2 whitespace-nowrap rounded-md border bg-white px-3 text-sm shadow-sm hover:bg-slate-50 data-open:bg-slate-50 ${applied ? 'border-teal-600 text-teal-800' : 'border-slate-300 text-slate-700'} ${FOCUS}`}
      >
        <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4 shrink-0 text-slate-500" aria-hidden="true">
          <rect x="3" y="4.5" width="14" height="12" rx="2" />
          <path d="M3 8.5h14M7 3v3M13 3v3" strokeLinecap="round" />
        </svg>
        <bdi className="tabular-nums">{applied ? `${formatDate(from)} – ${formatDate(to)}` : 'Rango de fechas'}</bdi>
      </PopoverButton>
      <PopoverPanel
        anchor="bottom start"
        transition
        className="z-50 w-[min(30rem,calc(100vw-1rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-lg [--anchor-gap:6px] [--anchor-padding:8px] focus:outline-none transition duration-100 ease-out data-closed:-translate-y-1 data-closed:opacity-0"
      >
        {/* Keyed by the applied range: a panel reopened before its closing transition ends still starts from it. */}
        <RangePanel key={`${from ?? ''}|${to ?? ''}`} from={from} to={to} onChange={onChange} />
      </PopoverPanel>
    </Popover>
  );
}
