import type { FieldChange } from '@shared/diff';
import type { Fields } from '../record/record';

/** The events of the `legal-1` stream as this reads them. */
export type LegalHistoryEvent = { version: number; type: string; data: Record<string, unknown> };

/** The text a restore brings back: the saved version before the current text's own save, and
 * that version's text. A restore is stored as a RecordUpdated carrying `restored_version`, so a
 * second restore walks further back (C → B → A) instead of toggling between the last two texts.
 * Versions whose text equals the current one are passed over. Null when there is nothing older.
 * `current` is the text at the last version read (the restore's `from`). */
export function restoreTarget(history: LegalHistoryEvent[]): { version: number; legal: string; current: string } | null {
  if (history.length === 0) return null;
  const textAt = new Map<number, string>();
  const originOf = new Map<number, number>();
  let text = '';
  for (const e of history) {
    if (e.type === 'RecordCreated') text = String((e.data.fields as Fields | undefined)?.legal ?? '');
    if (e.type === 'RecordUpdated') {
      const change = (e.data.changes as Record<string, FieldChange> | undefined)?.legal;
      if (change) text = String(change.to ?? '');
    }
    textAt.set(e.version, text);
    const restored = Number(e.data.restored_version);
    originOf.set(e.version, originOf.get(restored) ?? e.version);
  }
  const current = history[history.length - 1].version;
  const currentText = textAt.get(current) ?? '';
  let candidate = (originOf.get(current) ?? current) - 1;
  while (candidate >= 1) {
    const candidateText = textAt.get(candidate);
    if (candidateText !== undefined && candidateText !== currentText) return { version: candidate, legal: candidateText, current: currentText };
    candidate = (originOf.get(candidate) ?? candidate) - 1;
  }
  return null;
}
