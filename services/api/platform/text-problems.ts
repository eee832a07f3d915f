/** Deeper than any form of the product sends (a work order's line lists are 3 levels). */
export const MAX_INPUT_DEPTH = 16;

export const NUL_NOT_ALLOWED = 'Contiene un carácter no permitido (NUL)';
export const BROKEN_TEXT = 'Contiene caracteres no válidos';
export const TOO_DEEP = `Demasiados niveles de anidamiento (máximo ${MAX_INPUT_DEPTH})`;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (text.includes('\u0000')) return NUL_NOT_ALLOWED;
  // Half of a UTF-16 pair is no character: PostgreSQL refuses it in text and JSON.
  if (LONE_SURROGATE.test(text)) return BROKEN_TEXT;
  return null;
}

/**
 * Every value of a request's input, keys included, checked for what no field can hold: a NUL
 * character, a lone UTF-16 surrogate, or nesting deeper than MAX_INPUT_DEPTH. Returns field →
 * Spanish message, the field named by its dotted path (the first problem of each field only).
 * Iterative, so a hostile depth cannot exhaust the stack.
 */
export function textProblems(data: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  const stack: { value: unknown; path: string; depth: number }[] = Object.entries(data).map(([k, value]) => ({ value, path: k, depth: 1 }));
  for (const [key] of Object.entries(data)) {
    const problem = problemOf(key);
    // eslint-disable-next-line no-control-regex -- a NUL in a field name is replaced, like a lone surrogate
    if (problem) errors[key.replace(/[\uD800-\uDFFF\u0000]/g, '?') || '_'] = problem;
  }
  while (stack.length) {
    const { value, path, depth } = stack.pop()!;
    if (path in errors) continue;
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) errors[path] = problem;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth > MAX_INPUT_DEPTH) {
      errors[path.split('.')[0]] = TOO_DEEP;
      continue;
    }
    for (const [k, child] of Object.entries(value)) {
      const childPath = `${path}.${k}`;
      const problem = problemOf(k);
      if (problem) {
        errors[path] ??= problem;
        continue;
      }
      stack.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return errors;
}
