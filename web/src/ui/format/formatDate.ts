import { toDate } from './toDate';

/** → `dd/MM/yyyy` in local time. Accepts what `toDate` accepts (Date, epoch ms, ISO strings,
 * `yyyy-MM-dd` without shifting the day); invalid or empty → ''. */
export function formatDate(value: Date | string | number | null | undefined): string {
  const date = toDate(value);
  if (!date) return '';
  const dd = String(date.getDate()).padStart(2, '0');
  const mm = String(date.getMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${String(date.getFullYear()).padStart(4, '0')}`;
}
