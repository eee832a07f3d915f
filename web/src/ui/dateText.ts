// The text of the shared DateField (issue 13, item 21): dates typed and shown as dd/mm/aaaa and
// times as hh:mm AM/PM whatever the browser's locale, stored as 'YYYY-MM-DD' and 'HH:mm'.

const MIN_YEAR = 1900;
const MAX_YEAR = 2999;

const pad = (n: number) => String(n).padStart(2, '0');

/** Whether year-month-day is a real calendar day in the years the server accepts. */
function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' (or the date of 'YYYY-MM-DD HH:mm') → 'dd/mm/aaaa'; '' for anything else. */
export function isoToText(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}

/** What the user typed → the dd/mm/aaaa text: digits only (at most 8), the slashes put in as the
 * day and the month are complete, so '25112026' and '25/11/2026' read the same. */
export function maskDateText(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** 'dd/mm/aaaa' → 'YYYY-MM-DD'; null while incomplete or when it is not a calendar day. */
export function textToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [day, month, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return isCalendarDay(year, month, day) ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

export type Period = 'AM' | 'PM';

/** 'HH:mm' (24 h) → the 12-hour text and its period: '00:05' → 12:05 AM, '17:45' → 05:45 PM. */
export function to12h(hhmm: string | null | undefined): { text: string; period: Period } {
  const m = hhmm ? /^(\d{2}):(\d{2})/.exec(hhmm) : null;
  if (!m) return { text: '', period: 'AM' };
  const h = Number(m[1]);
  return { text: `${pad(h % 12 === 0 ? 12 : h % 12)}:${m[2]}`, period: h < 12 ? 'AM' : 'PM' };
}

/** Typed time → 'hh:mm' (digits only, at most 4, the colon put in). */
export function maskTimeText(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** 'hh:mm' (01–12) and its period → 'HH:mm' (24 h); null while incomplete or out of range. */
export function from12h(text: string, period: Period): string | null {
  const m = /^(\d{2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const [h, min] = [Number(m[1]), Number(m[2])];
  if (h < 1 || h > 12 || min > 59) return null;
  return `${pad((h % 12) + (period === 'PM' ? 12 : 0))}:${m[2]}`;
}

/** The days of a month as weeks starting on Monday ('YYYY-MM-DD', null for the blanks). */
export function monthGrid(year: number, month: number): (string | null)[][] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null)];
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month)}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'YYYY-MM' (or a longer ISO date) → 'mm/aaaa'; '' for anything else. */
export function isoToMonthText(iso: string | null | undefined): string {
  const m = iso ? /^(\d{4})-(\d{2})/.exec(iso) : null;
  return m ? `${m[2]}/${m[1]}` : '';
}

/** Typed month → 'mm/aaaa' (digits only, at most 6, the slash put in). */
export function maskMonthText(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 6);
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** 'mm/aaaa' → 'YYYY-MM'; null while incomplete or when it is not a month of the accepted years. */
export function monthTextToIso(text: string): string | null {
  const m = /^(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return null;
  return isCalendarDay(Number(m[2]), Number(m[1]), 1) ? `${m[2]}-${m[1]}` : null;
}
