import type { ReactNode } from 'react';

/** How the value sits in its cell: `wrap` (medium weight, long words broken: the Pedido forms'
 * header and the OT as the warehouses see it), `line` (one line cut with an ellipsis, the full
 * text as its tooltip: the equipment and request details), `text` (two columns, line breaks kept:
 * a request's free text). */
export type InfoFit = 'wrap' | 'line' | 'text';

const DD: Record<InfoFit, string> = {
  wrap: 'text-sm font-medium break-words text-slate-800',
  line: 'truncate text-sm text-slate-800',
  text: 'text-sm whitespace-pre-wrap text-slate-800',
};

/** One labelled read-only value of a `<dl>` grid: an empty value shows '—'. */
export function InfoItem({ label, children, fit = 'wrap' }: { label: string; children: ReactNode; fit?: InfoFit }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <div className={fit === 'text' ? 'col-span-2 min-w-0' : 'min-w-0'}>
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className={DD[fit]} title={fit !== 'wrap' && typeof children === 'string' ? children : undefined}>
        {empty ? '—' : children}
      </dd>
    </div>
  );
}
