import type { EventStore } from '../../../events/store';

/** One step of `npm run seed:scale` (scripts/seed-scale.ts): adds data up to a target, in batches
 * through the event store, reporting progress. Running it again adds only what is missing. */
export type ScaleStep = {
  name: string;
  run(ctx: { store: EventStore; progress(done: number, total: number): void }): Promise<{ added: number; total: number }>;
};
