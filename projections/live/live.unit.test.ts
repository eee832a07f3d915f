import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '../../events/types';
import { livePushes } from './index';

let position = 0;
function event(streamType: string, id: number, version: number, correlationId: string, type = 'RecordUpdated', data: Record<string, unknown> = {}): RecordedEvent {
  position++;
  return {
    id: `e${position}`,
    type,
    data,
    globalPosition: position,
    transactionId: '1',
    streamId: `${streamType}-${id}`,
    streamType,
    version,
    schemaVersion: 1,
    metadata: { userId: 1, originalUserId: null, sessionId: null, requestId: null, correlationId, causationId: null },
    occurredAt: new Date(),
    recordedAt: new Date(),
  };
}

describe('livePushes', () => {
  it("carries each event's stream version and correlation id on the stream-type and record topics", () => {
    expect(livePushes([event('marca', 12, 3, 'c-1')])).toEqual([
      { topic: 'marca', version: 3, correlationId: 'c-1' },
      { topic: 'marca:12', version: 3, correlationId: 'c-1' },
    ]);
  });

  it('collapses the events of one request on one topic into the highest version', () => {
    const pushes = livePushes([event('work_order', 7, 4, 'save'), event('work_order', 7, 5, 'save'), event('work_order', 7, 6, 'save')]);
    expect(pushes).toEqual([
      { topic: 'work_order', version: 6, correlationId: 'save' },
      { topic: 'work_order:7', version: 6, correlationId: 'save' },
    ]);
  });

  it('keeps one push per request when two requests touch the same topic in one batch', () => {
    const pushes = livePushes([event('marca', 1, 2, 'mine'), event('marca', 1, 3, 'theirs')]);
    expect(pushes.filter((p) => p.topic === 'marca:1')).toEqual([
      { topic: 'marca:1', version: 2, correlationId: 'mine' },
      { topic: 'marca:1', version: 3, correlationId: 'theirs' },
    ]);
  });

  it('private streams push only their targeted topics, without version or correlation id', () => {
    const pushes = livePushes([
      event('notification', 5, 1, 'n', 'NotificationCreated', { id_user: 9 }),
      event('session', 4, 2, 's', 'SessionClosed', { id: 'abc' }),
      event('role', 3, 2, 'r'),
    ]);
    expect(pushes.map((p) => p.topic).sort()).toEqual(['access', 'notifications:user:9', 'role', 'role:3', 'session_closed:abc']);
    expect(pushes.find((p) => p.topic === 'notifications:user:9')).toEqual({ topic: 'notifications:user:9' });
    expect(pushes.find((p) => p.topic === 'session_closed:abc')).toEqual({ topic: 'session_closed:abc' });
  });
});
