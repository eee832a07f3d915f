const BOX = 'size-4 rounded border-slate-300 accent-teal-700 focus-visible:ring-2 focus-visible:ring-teal-600 disabled:cursor-not-allowed';

/** A labelled checkbox of the traceability panels; `title` explains why it is disabled. */
export function Check({ label, checked, onChange, disabled = false, title }: { label: string; checked: boolean; onChange(checked: boolean): void; disabled?: boolean; title?: string }) {
  return (
    <label className={`flex min-h-8 items-center gap-2 text-sm ${disabled ? 'cursor-not-allowed text-slate-500' : 'cursor-pointer text-slate-800'}`} title={title}>
      <input type="checkbox" className={BOX} checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}
