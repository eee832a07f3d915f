import { describe, expect, it } from 'vitest';
import { eventCatalogue, UNKNOWN_EVENT } from '../../../../events/catalogues';
import { logRowKeys } from './log-row-keys';

// The seeds' log-entry keys of one event (issue 29): catalogue badge, data, data_json, id_parent.
describe('logRowKeys', () => {
  it("names the type's catalogue label, icon and color; an unknown type the catalogue's fallback", () => {
    expect(logRowKeys('purchase_request', 'PurchaseRequestObserved', {}, null)).toMatchObject({
      tl_name: eventCatalogue.PurchaseRequestObserved.label,
      tl_icon: eventCatalogue.PurchaseRequestObserved.icon,
      tl_color: eventCatalogue.PurchaseRequestObserved.color,
    });
    expect(logRowKeys('marca', 'NoSuchEvent', {}, null)).toMatchObject({ tl_name: UNKNOWN_EVENT.label, tl_icon: UNKNOWN_EVENT.icon, tl_color: UNKNOWN_EVENT.color });
  });

  it('reads the parent from the data, its fields, its header or the value a change sets', () => {
    expect(logRowKeys('purchase_request', 'PurchaseRequestSent', { id: 4, id_orden_trabajo: 12 }, null).id_parent).toBe(12);
    expect(logRowKeys('modelo', 'RecordCreated', { fields: { id_marca: 3, nombre: 'X' } }, null).id_parent).toBe(3);
    expect(logRowKeys('work_order', 'WorkOrderOpened', { id: 9, header: { id_equipo: 21 } }, null).id_parent).toBe(21);
    expect(logRowKeys('modelo', 'RecordUpdated', { changes: { id_marca: { from: 3, to: 5 } } }, null).id_parent).toBe(5);
    expect(logRowKeys('modelo', 'RecordUpdated', { changes: { nombre: { from: 'a', to: 'b' } } }, null).id_parent).toBeNull();
    // A type without a parent field, and a request not raised from a work order.
    expect(logRowKeys('marca', 'RecordCreated', { fields: { id_parent: 2 } }, null).id_parent).toBeNull();
    expect(logRowKeys('purchase_request', 'PurchaseRequestSent', { id: 4, id_orden_trabajo: null }, null).id_parent).toBeNull();
  });

  it('leaves secrets out at any depth, clips long texts when asked, and data_json is the same data', () => {
    const data = { id: 'abc', token_hash: 'h', nested: { password: 'p', list: [{ api_token: 't', text: 'x'.repeat(20) }] } };
    const keys = logRowKeys('session', 'SessionOpened', data, (t) => (t.length > 5 ? `${t.slice(0, 5)}…` : t));
    expect(keys.data).toEqual({ id: 'abc', nested: { list: [{ text: 'xxxxx…' }] } });
    expect(JSON.parse(keys.data_json)).toEqual(keys.data);
    expect(logRowKeys('session', 'SessionOpened', data, null).data).toEqual({ id: 'abc', nested: { list: [{ text: 'x'.repeat(20) }] } });
  });
});
