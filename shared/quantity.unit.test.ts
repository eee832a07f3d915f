import { describe, expect, it } from 'vitest';
import { addQty, roundQty, subQty } from './quantity';

describe('quantities at the columns scale (four decimals)', () => {
  it('sums and differences come back exact to four decimals', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addQty(0.1, 0.2)).toBe(0.3);
    expect(subQty(1, 0.9)).toBe(0.1);
    expect(subQty(2.0001, 2.0001)).toBe(0);
    expect(addQty()).toBe(0);
  });

  it('rounds to the fourth decimal', () => {
    expect(roundQty(1.23456)).toBe(1.2346);
    expect(roundQty(1.23454)).toBe(1.2345);
    expect(roundQty(10 / 3)).toBe(3.3333);
  });

  it('a line issued in small parts leaves nothing when the parts add up to it', () => {
    let left = 1;
    for (let i = 0; i < 10; i++) left = subQty(left, 0.1);
    expect(left).toBe(0);
  });
});
