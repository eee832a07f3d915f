import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { typeLogs } from '../services/api/admin/logs/type-logs';
import { catalogues, eventCatalogue, eventTopics, privateStreamTypes, type RegisteredEventType } from './catalogues';
import { centralEntryFileDecider } from './central-entry-file/decider';
import { equipmentDecider } from './equipment/decider';
import { horometroDecider, horometroSlotDecider } from './hour-meter/decider';
import { notificationDecider } from './notification/decider';
import { obraGastosDecider } from './site/decider';
import { pmPlanDecider } from './pm-plan/decider';
import { pmSiteDecider } from './pm-site/decider';
import { purchaseRequestDecider } from './purchase-request/decider';
import { recordDecider } from './record/record';
import { sessionDecider } from './session/decider';
import { stockDecider } from './stock/decider';
import { transferRequestDecider } from './transfer-request/decider';
import type { Event } from './types';
import { workOrderDecider } from './work-order/decider';

type Emitted<D> = D extends { decide(command: never, state: never): (infer E extends Event)[] } ? E['type'] : never;
/** Every event type a decider can emit. */
type DecidedType =
  | Emitted<typeof recordDecider>
   
  | Emitted<typeof sessionDecider>
  | Emitted<typeof notificationDecider>
  | Emitted<typeof workOrderDecider>
  | Emitted<typeof obraGastosDecider>
  | Emitted<typeof purchaseRequestDecider>
  | Emitted<typeof horometroDecider>
  | Emitted<typeof horometroSlotDecider>
  | Emitted<typeof equipmentDecider>
  | Emitted<typeof centralEntryFileDecider>
  | Emitted<typeof transferRequestDecider>
  | Emitted<typeof stockDecider>
  | Emitted<typeof pmPlanDecider>
  | Emitted<typeof pmSiteDecider>;

/** The event types declared in the source (`Event<'Type', …>`), outside tests. */
function declaredEventTypes(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...declaredEventTypes(path));
    else if (entry.name.endsWith('.ts') && !entry.name.includes('.test.')) {
      for (const m of readFileSync(path, 'utf8').matchAll(/Event<\s*'([A-Za-z]+)'/g)) found.push(m[1]);
    }
  }
  return found;
}

describe('the event catalogue registry', () => {
  it('has an entry for every event type a decider can emit (checked by the compiler)', () => {
    // Each aggregate's catalogue is a `defineCatalogue<TheirEvents>()`, so a type without an entry
    // does not compile there; this line does not compile when a decider's catalogue is not registered.
    expectTypeOf<DecidedType>().toExtend<RegisteredEventType>();
    expectTypeOf<RegisteredEventType>().toExtend<DecidedType>();
    expectTypeOf<'NoSuchEvent'>().not.toExtend<RegisteredEventType>();
  });

  it('has an entry for every event type declared in events/, and names no other', () => {
    const declared = [...new Set(declaredEventTypes(__dirname))].sort();
    expect(declared.length).toBeGreaterThan(20);
    expect(Object.keys(eventCatalogue).sort()).toEqual(declared);
  });

  it('registers every catalogue file of events/, each type in one aggregate only', () => {
    const files = readdirSync(__dirname, { withFileTypes: true })
      .filter((d) => d.isDirectory() && readdirSync(join(__dirname, d.name)).includes('catalogue.ts'))
      .map((d) => d.name);
    expect(catalogues.length).toBe(files.length);
    const count = catalogues.reduce((n, c) => n + Object.keys(c.events).length, 0);
    expect(Object.keys(eventCatalogue)).toHaveLength(count);
  });

  it('every entry has a label, a sentence verb and a badge', () => {
    for (const [type, info] of Object.entries(eventCatalogue)) {
      expect(info.label.trim(), type).not.toBe('');
      expect(info.name.trim(), type).not.toBe('');
      expect(info.icon, type).toMatch(/^[a-z_]+$/);
    }
  });

  it('each of the 18 traceability milestones is reached by exactly one event type (5-12: type and request kind)', () => {
    const reachedBy = new Map<number, string[]>();
    const mark = (n: number, by: string) => reachedBy.set(n, [...(reachedBy.get(n) ?? []), by]);
    for (const [type, info] of Object.entries(eventCatalogue)) {
      if (info.milestone === undefined) continue;
      if (typeof info.milestone === 'number') mark(info.milestone, type);
      else {
        mark(info.milestone.compra, `${type} compra`);
        mark(info.milestone.servicio, `${type} servicio`);
      }
    }
    expect([...reachedBy.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    for (const [n, by] of reachedBy) expect(by, `milestone ${n}`).toHaveLength(1);
    expect(reachedBy.get(1)).toEqual(['WorkOrderOpened']);
    expect(reachedBy.get(6)).toEqual(['WorkOrderRequestLinked servicio']);
    expect(reachedBy.get(14)).toEqual(['TransferRequested']);
    expect(reachedBy.get(18)).toEqual(['WorkOrderClosed']);
  });

  it("the activity log's types are exactly the registry's, in its order", () => {
    expect(Object.keys(typeLogs)).toEqual(Object.keys(eventCatalogue));
    expect(typeLogs.SessionOpened).toEqual({ label: 'Inicio de sesión', prefix: '', name: 'inició sesión', suffix: '', icon: 'login', color: 'primary' });
  });

  it('fills live topic templates from the event data and leaves out incomplete ones', () => {
    expect(eventTopics('NotificationCreated', { id: 1, id_user: 9 })).toEqual(['notifications:user:9']);
    expect(eventTopics('SessionClosed', { id: 'abc', reason: 'logout' })).toEqual(['session_closed:abc']);
    expect(eventTopics('SessionClosed', {})).toEqual([]);
    expect(eventTopics('RecordUpdated', { id: 3 })).toEqual([]);
    expect(eventTopics('NoSuchEvent', { id: 3 })).toEqual([]);
    expect([...privateStreamTypes].sort()).toEqual(['notification', 'session']);
  });
});
