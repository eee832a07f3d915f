import { describe, expect, it } from 'vitest';
import { isOwnWrite, newWriteIds, rememberOwnWrite, uuid } from './ownWrites';

describe('ownWrites', () => {
  it("knows this browser's writes by correlation id, whenever their echo arrives", () => {
    const ids = newWriteIds();
    expect(isOwnWrite(ids.correlationId)).toBe(true);
    expect(isOwnWrite(ids.idempotencyKey)).toBe(false);
    expect(isOwnWrite(uuid())).toBe(false);
    expect(isOwnWrite(undefined)).toBe(false);
  });

  it('forgets the oldest ids beyond the last 200', () => {
    const first = newWriteIds().correlationId;
    for (let i = 0; i < 199; i++) rememberOwnWrite(`later-${i}`);
    expect(isOwnWrite(first)).toBe(true);
    rememberOwnWrite('one-more');
    expect(isOwnWrite(first)).toBe(false);
    expect(isOwnWrite('one-more')).toBe(true);
  });

  it('makes version 4 UUIDs', () => {
    const ids = new Set(Array.from({ length: 50 }, uuid));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
