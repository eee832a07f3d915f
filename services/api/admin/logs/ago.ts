const plural = (n: number, one: string, many: string) => `hace ${n} ${n === 1 ? one : many}`;

/** How long ago, in Spanish, as the log shows it: 'hace un momento' (under a minute, or a clock a
 * little ahead), 'hace 5 minutos', 'hace 2 horas', 'ayer' (24 to 47 hours), 'hace 3 días',
 * 'hace 2 meses' (30-day months), 'hace 1 año'. An invalid date gives ''. */
export function ago(then: Date, now: Date): string {
  const ms = now.getTime() - then.getTime();
  if (Number.isNaN(ms)) return '';
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return 'hace un momento';
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, 'minuto', 'minutos');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, 'hora', 'horas');
  const days = Math.floor(hours / 24);
  if (days === 1) return 'ayer';
  if (days < 30) return plural(days, 'día', 'días');
  if (days < 365) return plural(Math.floor(days / 30), 'mes', 'meses');
  return plural(Math.floor(days / 365), 'año', 'años');
}
