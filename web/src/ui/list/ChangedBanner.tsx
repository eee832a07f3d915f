/** The refresh offer of a paged list when a live push says its records changed (seed 000;
 * docs/ARCHITECTURE.md): rows do not move under the cursor until the user asks. */
export function ChangedBanner({ onRefresh, message = 'Hay registros nuevos o modificados.' }: { onRefresh(): void; message?: string }) {
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-teal-200 bg-teal-50 px-4 py-2 text-sm text-teal-900">
      {message}
      <button
        type="button"
        className="rounded-sm font-semibold underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        onClick={onRefresh}
      >
        Actualizar
      </button>
    </div>
  );
}
