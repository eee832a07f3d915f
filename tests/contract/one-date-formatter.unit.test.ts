import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../services/shared/config';
import { EXCEL_DATE_FORMAT, formatDate, formatDateTime, formatMonth, formatRecent, formatTime, formatWallClock } from '@shared/time';

// Issue 14 §6: every date and time a screen, an export or a PDF shows is written by shared/time.ts
// (Lima's clock, dd/MM/yyyy, hh:mm AM/PM). This guard reads the code of the web, the services,
// the event and projection modules and refuses any other way of writing a date or a time, so a
// new screen or export cannot bypass the formatter: the browser's or the server's locale
// formatting (toLocale*String, Intl.DateTimeFormat), a date pattern of its own in SQL or in an
// xlsx number format, or another spelling of the AM/PM marker.

const FORMATTER = 'shared/time.ts';
const ROOTS = ['web/src', 'services', 'shared', 'events', 'projections'];

const FORBIDDEN: { rule: string; pattern: RegExp }[] = [
  { rule: 'toLocaleString / toLocaleDateString / toLocaleTimeString', pattern: /\.toLocale(?:Date|Time)?String\s*\(/ },
  { rule: 'Intl.DateTimeFormat or Intl.RelativeTimeFormat', pattern: /\bIntl\.(?:DateTimeFormat|RelativeTimeFormat)\b/ },
  { rule: "a display pattern in SQL (to_char … 'DD/MM', 'HH12', 'AM')", pattern: /to_char\([^)]*'[^']*(?:DD\/MM|MM\/DD|HH12|\bAM\b|\bPM\b)[^']*'/i },
  { rule: 'an xlsx or text date pattern of its own (dd/mm/yyyy, hh:mm AM/PM)', pattern: /['"`](?:dd\/mm\/yyyy|d\/m\/yyyy|mm\/dd\/yyyy)[^'"`]*['"`]/i },
  { rule: "another spelling of the AM/PM marker ('a. m.', 'p.m.')", pattern: /['"`][^'"`\n]*\b[ap]\.\s?m\.[^'"`\n]*['"`]/i },
];

/** Source files that a screen, an export or a PDF runs (tests and test helpers are not). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

describe('one formatter for dates and times (issue 14 §6)', () => {
  it('no module but shared/time.ts formats a date or a time on its own', () => {
    const offences: string[] = [];
    let scanned = 0;
    for (const root of ROOTS) {
      for (const file of sourceFiles(join(projectRoot, root))) {
        const name = relative(projectRoot, file);
        if (name === FORMATTER) continue;
        scanned += 1;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            for (const { rule, pattern } of FORBIDDEN) if (pattern.test(line)) offences.push(`${name}:${i + 1}: ${rule}\n    ${line.trim()}`);
          });
      }
    }
    expect(scanned).toBeGreaterThan(300);
    expect(offences, `Format dates and times with shared/time.ts (formatDate, formatDateTime, formatTime, formatMonth, formatWallClock, formatDateSql, EXCEL_DATE_FORMAT):\n${offences.join('\n')}`).toEqual([]);
  });

  it('the guard would catch each way round the formatter', () => {
    const caught = (line: string) => FORBIDDEN.some(({ pattern }) => pattern.test(line));
    for (const line of [
      'new Date(x).toLocaleString()',
      "d.toLocaleDateString('es-PE')",
      'd.toLocaleTimeString([], { hour: "2-digit" })',
      "new Intl.DateTimeFormat('es-PE', { hour: '2-digit' })",
      "SELECT to_char(fecha, 'DD/MM/YYYY HH12:MI AM')",
      "cell.numFmt = 'dd/mm/yyyy hh:mm'",
      "const label = '10:15 p. m.'",
    ])
      expect(caught(line), line).toBe(true);
    for (const line of ["to_char(fecha, 'YYYY-MM-DD')", 'formatDateTime(row.date_created)', "new Intl.NumberFormat('en-US')", "placeholder: 'dd/mm/aaaa'"]) expect(caught(line), line).toBe(false);
  });

  it("one instant reads the same through every entry of the formatter: Lima's clock, dd/MM/yyyy, hh:mm AM/PM", () => {
    // 22/11/2026 20:05 UTC is 03:05 PM in Lima (UTC−5, no daylight saving time).
    const instant = new Date('2026-11-22T20:05:09Z');
    expect(formatDateTime(instant)).toBe('22/11/2026 03:05 PM');
    expect(formatDateTime(instant.getTime())).toBe('22/11/2026 03:05 PM');
    expect(formatDateTime('2026-11-22 20:05:09+00')).toBe('22/11/2026 03:05 PM');
    expect(formatWallClock('2026-11-22 15:05')).toBe('22/11/2026 03:05 PM');
    expect(formatTime(instant)).toBe('03:05 PM');
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatMonth('2026-11-01')).toBe('11/2026');
    expect(formatDateTime(instant, { seconds: true })).toBe('22/11/2026 03:05:09 PM');
    // The settings' server clock in another zone keeps the same clock style and marker.
    expect(formatDateTime(instant, { seconds: true, timeZone: 'Europe/Madrid' })).toBe('22/11/2026 09:05:09 PM');
    expect(formatDateTime(instant, { timeZone: 'Not/AZone' })).toBe('22/11/2026 03:05 PM');
    expect(formatRecent(instant, new Date('2026-11-22T20:35:09Z'))).toBe('hace 30 minutos');
    expect(formatRecent(instant, new Date('2026-11-22T20:05:30Z'))).toBe('hace un momento');
    expect(formatRecent(instant, new Date('2026-11-24T20:05:00Z'))).toBe('22/11/2026 03:05 PM');
    expect(formatRecent(instant, new Date('2026-11-22T19:05:00Z'))).toBe('22/11/2026 03:05 PM');
    expect(EXCEL_DATE_FORMAT).toEqual({ date: 'dd/mm/yyyy', datetime: 'dd/mm/yyyy hh:mm AM/PM' });
  });
});
