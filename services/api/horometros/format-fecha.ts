/** yyyy-MM-dd → dd/MM/yyyy, for messages. */
export function formatFecha(fecha: string): string {
  const [y, m, d] = fecha.split('-');
  return `${d}/${m}/${y}`;
}
