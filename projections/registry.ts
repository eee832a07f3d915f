import { activityLogProjection } from './activity-log';
import { liveProjection } from './live';
import { recordsProjection } from './records';
import type { AsyncProjection, InlineProjection } from './types';

/** Every projection of the product. Inline ones run inside appends; async ones in the projector. */
export const inlineProjections: InlineProjection[] = [recordsProjection()];
export const asyncProjections: AsyncProjection[] = [activityLogProjection, liveProjection];
