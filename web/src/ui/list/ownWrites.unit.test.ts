import { describe, expect, it } from 'vitest';
import { isOwnEcho, markOwnWrite } from './ownWrites';

describe('ownWrites', () => {
  it('takes a push within 3 s of the own write as its echo, and a later one as news', () => {
    markOwnWrite();
    const at = Date.now();
    expect(isOwnEcho(at)).toBe(true);
    expect(isOwnEcho(at + 2_900)).toBe(true);
    expect(isOwnEcho(at + 3_100)).toBe(false);
  });
});
