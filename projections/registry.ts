import { rolePermissionsProjection } from './access';
import { legalProjection, settingsProjection } from './admin-content';
import { notificationsProjection } from './access/notifications';
import { sessionsProjection } from './access/sessions';
import { activityLogProjection } from './activity-log';
import { liveProjection } from './live';
import { traceabilityProjection } from './traceability';
import { kpisProjection } from './kpis';
import { profitHistoryProjection } from './profit-history';
import { pmPlansProjection } from './pm-plans';
import { obraGastosProjection } from './sites/site-expenses';
import { sitesProjection } from './sites';
import { equipmentProjection } from './equipment';
import { recordsProjection } from './records';
import { workOrdersProjection } from './work-orders';
import { equipmentMeterProjection } from './equipment-meter';
import { purchaseRequestsProjection } from './purchase-requests';
import { centralEntriesProjection } from './central-entries';
import { transferRequestsProjection } from './transfer-requests';
import { stockProjection } from './stock';
import type { Reactor } from './reactors/define';
import { workOrderFollowsRequest } from './reactors/work-order-follows-request';
import { finalizeRequest } from './reactors/finalize-request';
import { notifyRequestPeople } from './reactors/notify-request-people';
import { notifyWorkOrderSupervisor } from './reactors/notify-work-order-supervisor';
import { notifyWorkOrderParts } from './reactors/notify-work-order-parts';
import { notifySiteStorekeepers } from './reactors/notify-site-storekeepers';
import { pmPlanFollowsWorkOrder } from './reactors/pm-plan-follows-work-order';
import type { AsyncProjection, InlineProjection } from './types';

/** Every projection of the product. Inline ones run inside appends; async ones in the projector. */
export const inlineProjections: InlineProjection[] = [
  recordsProjection(),
  equipmentProjection,
  rolePermissionsProjection,
  sessionsProjection,
  notificationsProjection,
  sitesProjection,
  obraGastosProjection,
  legalProjection,
  settingsProjection,
  workOrdersProjection,
  equipmentMeterProjection,
  purchaseRequestsProjection,
  centralEntriesProjection,
  transferRequestsProjection,
  stockProjection,
];
export const asyncProjections: AsyncProjection[] = [activityLogProjection, liveProjection, traceabilityProjection, kpisProjection, profitHistoryProjection, pmPlansProjection];
/** Every reactor of the product; they run in the projector beside the async projections. */
export const reactors: Reactor[] = [
  workOrderFollowsRequest,
  notifyRequestPeople,
  notifyWorkOrderSupervisor,
  notifyWorkOrderParts,
  notifySiteStorekeepers,
  finalizeRequest,
  pmPlanFollowsWorkOrder,
];
