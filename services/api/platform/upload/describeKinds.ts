import { kinds } from './kinds';
import type { FileKind } from './types';

/** The accepted kinds as users read them: labels in the policy's order, each label once, joined
 * with ', ' (['pdf', 'xlsx', 'xls'] → 'PDF, Excel'). */
export function describeKinds(list: FileKind[]): string {
  return [...new Set(list.map((kind) => kinds[kind].label))].join(', ');
}
