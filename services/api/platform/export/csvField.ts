/**
 * One RFC 4180 field: quoted when it holds a quote, comma, CR or LF, quotes doubled inside.
 * Text that a spreadsheet would run as a formula (starting with = + - @ tab or CR) is prefixed
 * with an apostrophe when `guardFormula` is set (OWASP CSV injection); numbers are not guarded.
 */
export function csvField(text: string, guardFormula = false): string {
  const safe = guardFormula && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
