import { stateSections, type StateSection } from './stateFields';

function Section({ section, level }: { section: StateSection; level: number }) {
  const Heading = level === 0 ? 'h4' : 'h5';
  return (
    <section className={level > 0 ? 'mt-3 border-s-2 border-slate-200 ps-3' : ''} aria-label={section.title || undefined}>
      {section.title ? <Heading className="mb-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase">{section.title}</Heading> : null}
      {section.rows.length ? (
        <dl className="grid grid-cols-[minmax(7rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">
          {section.rows.map((row) => (
            <div key={row.field} className="contents">
              <dt className="font-medium break-words text-slate-700">{row.field}</dt>
              <dd dir="auto" className={`min-w-0 break-words whitespace-pre-wrap ${row.value === '—' ? 'text-slate-500' : 'text-slate-900'}`}>
                {row.value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      {section.sections.map((s) => (
        <Section key={s.title} section={s} level={level + 1} />
      ))}
    </section>
  );
}

/** A record's state (GET /history/asOf) as a read-only field list: its fields by the names the
 * history's changes use, nested groups for lines and products (stateFields.ts). */
export function StateFields({ state }: { state: Record<string, unknown> }) {
  return (
    <div aria-label="Campos del registro" role="group">
      <Section section={stateSections(state)} level={0} />
    </div>
  );
}
