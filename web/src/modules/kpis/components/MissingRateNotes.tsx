/** Issue 19: what a report's figures leave out for lack of a currency rate ('Hay 3 ingresos en USD
 * sin tipo de cambio de 03/2026: sus costos no se incluyen'), above the figures, so a partial
 * cost is never read as the whole; the rates are entered in Configuración → Tipos de cambio. */
export function MissingRateNotes({ notas }: { notas: readonly string[] | undefined }) {
  if (!notas?.length) return null;
  return (
    <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 shadow-sm sm:p-4">
      <ul className="list-disc space-y-1 ps-5">
        {notas.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <p className="mt-1 text-amber-900">Registre el tipo de cambio del mes en Configuración → Tipos de cambio para incluirlos.</p>
    </div>
  );
}
