import { describe, expect, it } from 'vitest';
import { DEFAULT_POLL_MS, notificationPollMs } from './notificationPoll';

// Issue 13 §19: the notifications poll was a fixed 30 s whatever the `interval` setting said.
describe('notificationPollMs', () => {
  it('polls every `interval` seconds', () => {
    expect(notificationPollMs(5)).toBe(5_000);
    expect(notificationPollMs(60)).toBe(60_000);
    expect(notificationPollMs(3600)).toBe(3_600_000);
  });
  it('falls back to 30 s without a usable setting', () => {
    for (const bad of [null, undefined, 0, 4, 3601, 7.5, Number.NaN]) expect(notificationPollMs(bad)).toBe(DEFAULT_POLL_MS);
    expect(DEFAULT_POLL_MS).toBe(30_000);
  });
});
