import { rolePermissionsProjection } from './access';
import { legalProjection, settingsProjection } from './admin-content';
import { notificationsProjection } from './access/notifications';
import { sessionsProjection } from './access/sessions';
import { activityLogProjection } from './activity-log';
import { liveProjection } from './live';
import { sitesProjection } from './sites';
import { recordsProjection } from './records';
import { workOrdersProjection } from './work-orders';
import type { AsyncProjection, InlineProjection } from './types';

/** Every projection of the product. Inline ones run inside appends; async ones in the projector. */
export const inlineProjections: InlineProjection[] = [
  recordsProjection(),
  rolePermissionsProjection,
  sessionsProjection,
  notificationsProjection,
  sitesProjection,
  legalProjection,
  settingsProjection,
  workOrdersProjection,
];
export const asyncProjections: AsyncProjection[] = [activityLogProjection, liveProjection];
