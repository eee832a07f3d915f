/** The administration content streams: one generic record each (events/record), fixed ids.
 * `legal-1` holds the legal text (field `legal`); `setting-1` holds every company setting as one
 * field per key, so one save is one event with all the changed keys (before → after). */
export const adminStreams = {
  legal: { type: 'legal', id: 1, streamId: 'legal-1' },
  setting: { type: 'setting', id: 1, streamId: 'setting-1' },
} as const;
