import * as v from 'valibot';
import { REQUIRED } from './fields';

/** Valibot's own English defaults never reach users: a missing key reads 'Este campo es
 * obligatorio', any other unlabelled issue 'Valor no válido'. */
function spanish(issue: v.BaseIssue<unknown>): string {
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return issue.received === 'undefined' ? REQUIRED : 'Valor no válido';
}

/** Valibot issues → the envelope's `errors` map: one Spanish message per field (dotted path for
 * nested fields, `_` for the whole object). */
export function fieldErrors(issues: v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    if (!(path in errors)) errors[path] = spanish(issue);
  }
  return errors;
}
