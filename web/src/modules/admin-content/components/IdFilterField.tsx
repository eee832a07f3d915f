import { useEffect, useId, useRef, useState } from 'react';

/** Typing pauses this long before the id reaches the URL (as the search box). */
const DEBOUNCE_MS = 400;

type Props = {
  label: string;
  value: number | undefined;
  /** Called with the id (undefined when emptied) after a pause, or at once on Enter / clear. */
  onApply(value: number | undefined, replace: boolean): void;
  className?: string;
};

function parse(text: string): number | undefined {
  const n = Number(text);
  return text !== '' && Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A record id filter: digits only, written to the URL after a pause (replacing the history entry)
 * or at once with Enter; '×' clears it. The URL stays the store: the box shows it except while
 * the user is typing. */
export function IdFilterField({ label, value, onApply, className = '' }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const apply = useRef(onApply);
  useEffect(() => {
    apply.current = onApply;
  });
  const current = value === undefined ? '' : String(value);

  useEffect(() => {
    if (draft === null) return;
    if (parse(draft) === value) {
      if (draft === current) setDraft(null);
      return;
    }
    const timer = setTimeout(() => apply.current(parse(draft), true), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value, current]);

  const text = draft ?? current;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={15}
          value={text}
          onChange={(e) => setDraft(e.target.value.replace(/\D/g, ''))}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            onApply(parse(text), false);
          }}
          className="block min-h-9 w-full rounded-md border-0 bg-white py-2 ps-3 pe-8 text-start text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-400 focus:ring-2 focus:ring-teal-600 focus:outline-none focus:ring-inset"
          placeholder="Todos"
        />
        {text !== '' ? (
          <button
            type="button"
            aria-label={`Limpiar ${label.toLowerCase()}`}
            onClick={() => {
              setDraft(null);
              onApply(undefined, false);
            }}
            className="absolute end-1.5 top-1/2 inline-flex size-6 -translate-y-1/2 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
          >
            <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-3.5" aria-hidden="true">
              <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
            </svg>
          </button>
        ) : null}
      </div>
    </div>
  );
}
