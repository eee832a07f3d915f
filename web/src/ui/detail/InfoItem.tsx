import type { ReactNode } from 'react';

/** One labelled read-only value of a `<dl>` grid (the Pedido forms' header and the OT as the
 * warehouses see it): an empty value shows '—'. */
export function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="text-sm font-medium break-words text-slate-800">{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}
