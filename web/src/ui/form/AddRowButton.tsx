/** The 'Agregar' button of a line table's header; `label` names what it adds for assistive
 * technology ('Agregar fila en Productos', 'Agregar documento'). */
export function AddRowButton({ label, onClick, disabled = false }: { label: string; onClick(): void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="inline-flex h-8 items-center gap-1.5 rounded-md bg-white px-3 text-sm font-medium text-teal-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50"
    >
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className="size-4" aria-hidden="true">
        <path d="M10 4v12M4 10h12" strokeLinecap="round" />
      </svg>
      Agregar
    </button>
  );
}
