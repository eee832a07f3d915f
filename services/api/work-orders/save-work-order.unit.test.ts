import { describe, expect, it } from 'vitest';
import { defaultSupervisor } from './save-work-order';

// The supervisor a new order proposes on the server (the form's own proposal, initialSupervisor, is
// tested beside it in web/src/modules/work-orders/internal/formDefaults.unit.test.ts).

describe('the proposed supervisor', () => {
  it('is the signed-in user on the server only when their profile is the supervisor field\'s (15)', () => {
    expect(defaultSupervisor({ id: 42, roleId: 15 })).toBe(42);
    for (const roleId of [1, 11, 14, 16, 17]) expect(defaultSupervisor({ id: 42, roleId })).toBeNull();
  });
});
