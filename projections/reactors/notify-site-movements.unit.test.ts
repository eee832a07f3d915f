import { describe, expect, it } from 'vitest';
import { notifySiteStorekeepers, transferNotice } from './notify-site-storekeepers';
import { notifyWorkOrderParts, partsNotice, partsRecipients } from './notify-work-order-parts';

const recorded = (type: string, data: Record<string, unknown>) => ({ id: 'e-1', type, data }) as never;

describe("what an OT's supervisor and mechanic are told of its parts", () => {
  it('parts received: the OT, the distinct lines and the receipt number', () => {
    const received = { type: 'WorkOrderPartsReceived', data: { id: 7, id_entrada: 31, entradas: [{ line_id: 1, cantidad: 2 }, { line_id: 2, cantidad: 1 }] } };
    expect(partsNotice(received, 'OB-LIM-01-OT-000007')).toBe('Llegaron al almacén de obra repuestos de la OT OB-LIM-01-OT-000007: 2 líneas, entrada N° 31');
  });

  it('parts issued: the OT, one line (singular) and the exit voucher', () => {
    const issued = { type: 'WorkOrderPartsIssued', data: { id: 7, id_salida: 4, vale_salida: 'VS-0042', salidas: [{ line_id: 3, cantidad: 5 }], by: 9 } };
    expect(partsNotice(issued, 'OB-LIM-01-OT-000007')).toBe('Salieron del almacén de obra repuestos de la OT OB-LIM-01-OT-000007: 1 línea, vale de salida VS-0042');
  });

  it('no other work-order event is a parts notice, and the reactor asks for nothing on it', () => {
    expect(partsNotice({ type: 'WorkOrderAttendedBySiteWarehouse', data: { id: 7 } }, 'OT-7')).toBeNull();
    expect(notifyWorkOrderParts.react(recorded('WorkOrderPartsIssued', { id: 7, vale_salida: 'VS-1', salidas: [{ line_id: 1, cantidad: 1 }] }))).toHaveLength(1);
    expect(notifyWorkOrderParts.handles(recorded('WorkOrderAttendedBySiteWarehouse', { id: 7 }))).toBe(false);
  });

  it('recipients: supervisor and mechanic, one notification when they are the same person, none when the order names neither', () => {
    expect(partsRecipients({ id_supervisor: 15, id_mecanico: 14 })).toEqual([15, 14]);
    expect(partsRecipients({ id_supervisor: 15, id_mecanico: 15 })).toEqual([15]);
    expect(partsRecipients({ id_supervisor: null, id_mecanico: 14 })).toEqual([14]);
    expect(partsRecipients({ id_supervisor: null, id_mecanico: null })).toEqual([]);
  });
});

describe('what the site storekeepers are told of a transfer with a waybill', () => {
  const salidas = [
    { id_producto: 401, cantidad: 2, numero_orden: 'OC-1', codigo: 'M-7' },
    { id_producto: 401, cantidad: 1, numero_orden: '', codigo: 'M-7' },
    { id_producto: 402, cantidad: 3, numero_orden: 'OC-1', codigo: 'M-8' },
  ];

  it('the request, its OT, the distinct products (one product sent from two groups counts once) and the waybill', () => {
    expect(transferNotice({ id: 40, numero_guia: 'G-001', salidas }, { codigo: 'OB-LIM-01-SC-000040', codigo_orden_trabajo: 'OB-LIM-01-OT-000007' })).toBe(
      'El almacén central trasladó a su obra 2 productos de la solicitud OB-LIM-01-SC-000040 (OT OB-LIM-01-OT-000007) con la guía N° G-001; regístrelos en Almacén de obra › Entradas',
    );
  });

  it('a request without an OT, one product', () => {
    expect(transferNotice({ id: 41, numero_guia: 'G-002', salidas: salidas.slice(0, 1) }, { codigo: 'SC-41', codigo_orden_trabajo: null })).toBe(
      'El almacén central trasladó a su obra 1 producto de la solicitud SC-41 con la guía N° G-002; regístrelos en Almacén de obra › Entradas',
    );
  });

  it('reacts to transfers only', () => {
    expect(notifySiteStorekeepers.react(recorded('RequestedProductsSentToSite', { id: 40, numero_guia: 'G-1', salidas }))).toHaveLength(1);
    expect(notifySiteStorekeepers.handles(recorded('RequestedProductsReceivedAtSite', { id: 40 }))).toBe(false);
  });
});
