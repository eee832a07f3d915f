import { describe, expect, it } from 'vitest';
import { from12h, isoToMonthText, isoToText, maskDateText, maskMonthText, maskTimeText, monthGrid, monthTextToIso, textToIso, to12h } from './dateText';

describe('the DateField text (dd/mm/aaaa, hh:mm AM/PM, whatever the browser locale)', () => {
  it('shows a stored date as dd/mm/aaaa and reads typed text back, slashes put in', () => {
    expect(isoToText('2026-11-25')).toBe('25/11/2026');
    expect(isoToText('2026-11-25 17:45')).toBe('25/11/2026');
    expect(isoToText('')).toBe('');
    expect(isoToText(null)).toBe('');
    expect(maskDateText('2')).toBe('2');
    expect(maskDateText('251')).toBe('25/1');
    expect(maskDateText('25112026')).toBe('25/11/2026');
    expect(maskDateText('25/11/2026')).toBe('25/11/2026');
    expect(maskDateText('25-11-2026999')).toBe('25/11/2026');
    expect(textToIso('25/11/2026')).toBe('2026-11-25');
    expect(textToIso('29/02/2028')).toBe('2028-02-29');
  });

  it('is not a date while incomplete, on an impossible day or out of the accepted years; never mm/dd', () => {
    for (const text of ['', '25/11', '25/11/202', '31/04/2026', '29/02/2027', '00/01/2026', '12/13/2026', '01/01/0000', '01/01/1899']) {
      expect(textToIso(text), text).toBeNull();
    }
    // 03/04/2026 is the 3rd of April, never March 4th.
    expect(textToIso('03/04/2026')).toBe('2026-04-03');
  });

  it('converts times between 24 h and the 12-hour clock', () => {
    expect(to12h('00:05')).toEqual({ text: '12:05', period: 'AM' });
    expect(to12h('08:30')).toEqual({ text: '08:30', period: 'AM' });
    expect(to12h('12:00')).toEqual({ text: '12:00', period: 'PM' });
    expect(to12h('17:45')).toEqual({ text: '05:45', period: 'PM' });
    expect(to12h(null)).toEqual({ text: '', period: 'AM' });
    expect(maskTimeText('0545')).toBe('05:45');
    expect(maskTimeText('5')).toBe('5');
    expect(from12h('05:45', 'PM')).toBe('17:45');
    expect(from12h('12:05', 'AM')).toBe('00:05');
    expect(from12h('12:00', 'PM')).toBe('12:00');
    for (const bad of ['', '5:4', '13:00', '00:30', '10:60']) expect(from12h(bad, 'AM'), bad).toBeNull();
  });

  it('lays a month out in weeks from Monday', () => {
    const november = monthGrid(2026, 11); // 1 November 2026 is a Sunday
    expect(november[0]).toEqual([null, null, null, null, null, null, '2026-11-01']);
    expect(november.flat().filter(Boolean)).toHaveLength(30);
    expect(november.every((w) => w.length === 7)).toBe(true);
    expect(monthGrid(2026, 2).flat().filter(Boolean).at(-1)).toBe('2026-02-28');
  });

  it('the month field (the amortization plan): mm/aaaa typed, stored YYYY-MM', () => {
    expect(isoToMonthText('2026-11')).toBe('11/2026');
    expect(isoToMonthText('2026-11-01')).toBe('11/2026');
    expect(isoToMonthText(null)).toBe('');
    expect(maskMonthText('11')).toBe('11');
    expect(maskMonthText('112026')).toBe('11/2026');
    expect(maskMonthText('11/2026x9')).toBe('11/2026');
    expect(monthTextToIso('11/2026')).toBe('2026-11');
    for (const bad of ['', '11/20', '13/2026', '00/2026', '11/1800']) expect(monthTextToIso(bad), bad).toBeNull();
  });
});
