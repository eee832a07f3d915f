import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering check (`npm run layers`, `.dependency-cruiser.cjs`) holds with no exception: there
 * is no list of known violations for it to ignore, and none may come back. A new import against a
 * layer is moved, not listed.
 */
const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

describe('layering: no known violations', () => {
  it('keeps no list of known violations', () => {
    expect(existsSync(join(root, '.dependency-cruiser-known-violations.json'))).toBe(false);
  });

  it('runs the check without ignoring any finding', () => {
    expect(pkg.scripts.layers).toMatch(/^depcruise --config \.dependency-cruiser\.cjs /);
    expect(pkg.scripts.layers).not.toMatch(/--ignore-known|known-violations/);
  });
});
