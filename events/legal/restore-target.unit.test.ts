import { describe, expect, it } from 'vitest';
import { restoreTarget, type LegalHistoryEvent } from './restore-target';

const created = (legal: string): LegalHistoryEvent => ({ version: 1, type: 'RecordCreated', data: { id: 1, fields: { legal } } });
function history(first: string, ...steps: (string | { restore: number; text: string })[]): LegalHistoryEvent[] {
  const out = [created(first)];
  let previous = first;
  for (const step of steps) {
    const version = out.length + 1;
    const to = typeof step === 'string' ? step : step.text;
    const data: Record<string, unknown> = { id: 1, changes: { legal: { from: previous, to } } };
    if (typeof step !== 'string') data.restored_version = step.restore;
    out.push({ version, type: 'RecordUpdated', data });
    previous = to;
  }
  return out;
}

describe('restoreTarget', () => {
  it('nothing to restore without an older version', () => {
    expect(restoreTarget([])).toBeNull();
    expect(restoreTarget([created('A')])).toBeNull();
  });

  it('brings back the version saved before the current one', () => {
    expect(restoreTarget(history('A', 'B', 'C'))).toEqual({ version: 2, legal: 'B', current: 'C' });
  });

  it('a second restore walks further back instead of toggling', () => {
    expect(restoreTarget(history('A', 'B', 'C', { restore: 2, text: 'B' }))).toEqual({ version: 1, legal: 'A', current: 'B' });
    expect(restoreTarget(history('A', 'B', 'C', { restore: 2, text: 'B' }, { restore: 1, text: 'A' }))).toBeNull();
  });

  it('a save after a restore is the newest version again', () => {
    const h = history('A', 'B', 'C', { restore: 2, text: 'B' }, 'D');
    expect(restoreTarget(h)).toEqual({ version: 4, legal: 'B', current: 'D' });
    expect(restoreTarget([...h, { version: 6, type: 'RecordUpdated', data: { id: 1, changes: { legal: { from: 'D', to: 'B' } }, restored_version: 4 } }])).toEqual({
      version: 1,
      legal: 'A',
      current: 'B',
    });
  });

  it('passes over versions with the same text as the current one', () => {
    expect(restoreTarget(history('A', 'B', 'A'))).toEqual({ version: 2, legal: 'B', current: 'A' });
    const withToggle = [...history('A', 'B'), { version: 3, type: 'RecordDisabled', data: { id: 1 } }];
    expect(restoreTarget(withToggle)).toEqual({ version: 1, legal: 'A', current: 'B' });
  });
});
