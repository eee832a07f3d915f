import { useEffect, useId, useRef, useState } from 'react';
import { MONTH_NAMES, businessToday } from '@shared/time';
import { FieldHelp, FieldLabel } from './dialogs/TextField';
import { from12h, isoToMonthText, isoToText, maskDateText, maskMonthText, maskTimeText, monthGrid, monthTextToIso, textToIso, to12h, type Period } from './dateText';

type Props = {
  label: string;
  /** 'YYYY-MM-DD', or 'YYYY-MM-DD HH:mm' with `withTime`; '' when empty. */
  value: string | null | undefined;
  /** The new value in the same form; '' while the text is empty, incomplete or not a date. */
  onChange(value: string): void;
  /** Also a time on the 12-hour clock (hh:mm and AM/PM). */
  withTime?: boolean;
  error?: string;
  hint?: string;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  className?: string;
};

const WEEKDAYS = ['Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sá', 'Do'];
const FOCUS = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';
const BOX = 'block rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset placeholder:text-slate-400 focus:ring-2 focus:outline-none focus:ring-inset disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500';

/** The calendar below the field: a month with its weeks from Monday, the previous and next months,
 * the chosen day and today marked. */
function Calendar({ value, onPick }: { value: string | null; onPick(iso: string): void }) {
  const today = businessToday(new Date());
  const start = value ?? today;
  const [year, setYear] = useState(Number(start.slice(0, 4)));
  const [month, setMonth] = useState(Number(start.slice(5, 7)));
  const step = (delta: number) => {
    const index = year * 12 + month - 1 + delta;
    setYear(Math.floor(index / 12));
    setMonth((index % 12) + 1);
  };
  const arrow = `inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 ${FOCUS}`;
  return (
    <div role="group" aria-label="Calendario" className="mt-1 w-72 rounded-md border border-slate-200 bg-white p-2 shadow-sm">
      <div className="flex items-center justify-between">
        <button type="button" className={arrow} aria-label="Mes anterior" onClick={() => step(-1)}>
          ‹
        </button>
        <span className="text-sm font-medium text-slate-800" aria-live="polite">
          {MONTH_NAMES[month - 1]} {year}
        </span>
        <button type="button" className={arrow} aria-label="Mes siguiente" onClick={() => step(1)}>
          ›
        </button>
      </div>
      <table className="mt-1 w-full table-fixed text-center text-xs" role="presentation">
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} scope="col" className="py-1 font-medium text-slate-500">
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(year, month).map((week, i) => (
            <tr key={i}>
              {week.map((day, j) => (
                <td key={j} className="p-0.5">
                  {day ? (
                    <button
                      type="button"
                      aria-label={isoToText(day)}
                      aria-pressed={day === value}
                      onClick={() => onPick(day)}
                      className={`h-8 w-full rounded-md text-sm tabular-nums ${FOCUS} ${
                        day === value ? 'bg-teal-700 text-white' : day === today ? 'font-semibold text-teal-800 ring-1 ring-teal-600 ring-inset' : 'text-slate-700 hover:bg-slate-100'
                      }`}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  ) : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The attributes of a typed date or month box: a numeric keyboard, no autocomplete, the mask as
 * placeholder and length, and the error (else the hint) under it as its description. */
function maskedBox(mask: 'dd/mm/aaaa' | 'mm/aaaa', id: string, name: string | undefined, invalid: boolean, hasHint: boolean) {
  return {
    id,
    name,
    type: 'text',
    inputMode: 'numeric' as const,
    autoComplete: 'off',
    placeholder: mask,
    maxLength: mask.length,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? `${id}-error` : hasHint ? `${id}-hint` : undefined,
  };
}

/** The one date input of the app (issue 13, item 21): dd/mm/aaaa typed on the keyboard (the
 * slashes come by themselves) or picked on a calendar, the same in every browser locale; with
 * `withTime`, a time hh:mm and AM/PM beside it (the 12-hour clock of shared/time.ts). Rules: the
 * value is emitted only when it is a real date (and time), else ''; text that is complete but not
 * a date says so under the field until it is fixed; a value set from outside (a form loaded or
 * reset) replaces the text. */
export function DateField({ label, value, onChange, withTime = false, error, hint, required, disabled, name, className = '' }: Props) {
  const id = `df-${useId()}`;
  const storedDate = value ? value.slice(0, 10) : '';
  const storedTime = withTime && value ? value.slice(11, 16) : '';
  const [text, setText] = useState(isoToText(storedDate));
  const [time, setTime] = useState(to12h(storedTime));
  const [open, setOpen] = useState(false);
  // The last value this field emitted: its echo from the form must not rewrite what is typed.
  const emitted = useRef<string | null>(null);

  // What the current text means; a value from outside that differs replaces the text.
  const typedDate = textToIso(text) ?? '';
  const typedTime = from12h(time.text, time.period) ?? '';
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = null;
    if (storedDate !== typedDate) setText(isoToText(storedDate));
    if (withTime && storedTime !== typedTime) setTime(to12h(storedTime));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const emit = (dateIso: string, hhmm: string) => {
    const next = !withTime ? dateIso : dateIso && hhmm ? `${dateIso} ${hhmm}` : '';
    emitted.current = next;
    onChange(next);
  };
  const changeText = (typed: string) => {
    const masked = maskDateText(typed);
    setText(masked);
    emit(textToIso(masked) ?? '', typedTime);
  };
  const changeTime = (typed: string, period: Period) => {
    const next = { text: maskTimeText(typed), period };
    setTime(next);
    emit(typedDate, from12h(next.text, period) ?? '');
  };
  const pick = (iso: string) => {
    setText(isoToText(iso));
    setOpen(false);
    // A day picked without a time yet takes 12:00 PM, shown so it can be changed.
    const hhmm = withTime ? typedTime || '12:00' : '';
    if (withTime && !typedTime) setTime(to12h(hhmm));
    emit(iso, hhmm);
  };

  const badDate = text.length === 10 && !typedDate ? 'Fecha inválida (dd/mm/aaaa)' : '';
  const badTime = withTime && time.text.length === 5 && !typedTime ? 'Hora inválida (hh:mm, de 01:00 a 12:59)' : '';
  const shown = badDate || badTime || error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const ring = shown ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600';

  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <div className="mt-1 flex flex-wrap items-center gap-2" dir="ltr">
        <div className="relative min-w-36 flex-1">
          <input
            {...maskedBox('dd/mm/aaaa', id, name, Boolean(shown), Boolean(hint))}
            value={text}
            disabled={disabled}
            required={required}
            onChange={(e) => changeText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && open) {
                e.stopPropagation();
                setOpen(false);
              }
            }}
            className={`${BOX} w-full pe-10 tabular-nums ${ring}`}
          />
          <button
            type="button"
            disabled={disabled}
            aria-label={`Elegir ${label.toLowerCase()} en el calendario`}
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            className={`absolute inset-y-0 end-0 inline-flex w-9 items-center justify-center rounded-e-md text-slate-500 hover:text-teal-700 disabled:cursor-not-allowed ${FOCUS}`}
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" className="size-4" aria-hidden="true">
              <rect x="3" y="4.5" width="14" height="12" rx="2" />
              <path d="M3 8.5h14M7 3v3M13 3v3" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        {withTime ? (
          <div className="flex items-center gap-1">
            <input
              type="text"
              inputMode="numeric"
              autoComplete="off"
              placeholder="hh:mm"
              maxLength={5}
              aria-label={`${label}: hora`}
              value={time.text}
              disabled={disabled}
              onChange={(e) => changeTime(e.target.value, time.period)}
              aria-invalid={badTime ? true : undefined}
              className={`${BOX} w-20 tabular-nums ${badTime ? 'ring-red-400' : 'ring-slate-300 focus:ring-teal-600'}`}
            />
            <select
              aria-label={`${label}: AM o PM`}
              value={time.period}
              disabled={disabled}
              onChange={(e) => changeTime(time.text, e.target.value as Period)}
              className={`${BOX} ring-slate-300 focus:ring-teal-600`}
            >
              <option value="AM">AM</option>
              <option value="PM">PM</option>
            </select>
          </div>
        ) : null}
      </div>
      {open && !disabled ? <Calendar value={typedDate || null} onPick={pick} /> : null}
      <FieldHelp errorId={errorId} error={shown} hintId={hintId} hint={hint} />
    </div>
  );
}

/** A month typed as mm/aaaa (the slash comes by itself), stored 'YYYY-MM': the amortization
 * plan's first month. Replaces the native month input, which reads "November 2026" or "2026-11"
 * depending on the browser and its locale. Emits '' while the text is not a month. */
export function MonthField({ label, value, onChange, error, hint, required, disabled, name, className = '' }: Omit<Props, 'withTime'>) {
  const id = `mf-${useId()}`;
  const [text, setText] = useState(isoToMonthText(value));
  const emitted = useRef<string | null>(null);
  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = null;
    if ((value ?? '').slice(0, 7) !== (monthTextToIso(text) ?? '')) setText(isoToMonthText(value));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  const change = (typed: string) => {
    const masked = maskMonthText(typed);
    setText(masked);
    const next = monthTextToIso(masked) ?? '';
    emitted.current = next;
    onChange(next);
  };
  const bad = text.length === 7 && !monthTextToIso(text) ? 'Mes inválido (mm/aaaa)' : '';
  const shown = bad || error;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <FieldLabel htmlFor={id} label={label} required={required} />
      <input
        {...maskedBox('mm/aaaa', id, name, Boolean(shown), Boolean(hint))}
        dir="ltr"
        value={text}
        disabled={disabled}
        required={required}
        onChange={(e) => change(e.target.value)}
        className={`${BOX} mt-1 w-full tabular-nums ${shown ? 'ring-red-400 focus:ring-red-500' : 'ring-slate-300 focus:ring-teal-600'}`}
      />
      <FieldHelp errorId={errorId} error={shown} hintId={hintId} hint={hint} />
    </div>
  );
}
