import { describe, expect, it } from 'vitest';
import { equipmentDecider } from '../../../../events/equipment/decider';
import { fold } from '../../../../events/decider';
import type { RecordedEvent } from '../../../../events/types';
import { equipoMovements, type MovementNames } from './equipmentMovements';

let version = 0;
function event(type: string, data: Record<string, unknown>, userId: number | null = 7, originalUserId: number | null = null): RecordedEvent {
  version++;
  return {
    id: `e${version}`,
    type,
    data: { id: 1, ...data },
    globalPosition: version,
    transactionId: String(version),
    streamId: 'equipo-1',
    streamType: 'equipo',
    version,
    schemaVersion: 1,
    metadata: { userId, originalUserId, sessionId: null, correlationId: 'c', causationId: null, requestId: null },
    occurredAt: new Date(Date.UTC(2026, 0, version)),
    recordedAt: new Date(Date.UTC(2026, 0, version)),
  };
}

const names: MovementNames = {
  obras: new Map([
    [1, 'Vía Expresa Sur'],
    [2, 'Depósito de relaves'],
  ]),
  users: new Map([
    [7, 'Jorge Huamán Torres'],
    [3, 'Ana Quispe Rojas'],
  ]),
  refs: new Map([['marca', new Map([[5, 'Caterpillar']])]]),
};

describe('equipoMovements (Given the machine’s events, Then its history)', () => {
  it('registration, transfer with its other changes, significant change, deactivation; newest first', () => {
    const events = [
      event('RecordCreated', { fields: { id_obra: 1, codigo: 'EX-001', id_marca: 5 } }, null),
      event('RecordUpdated', { changes: { id_obra: { from: 1, to: 2 }, ubicacion: { from: '', to: 'Frente 2' }, horometro: { from: 10, to: 20 } } }),
      event('RecordUpdated', { changes: { observaciones: { from: '', to: 'texto' }, horometro: { from: 20, to: 30 } } }),
      event('RecordUpdated', { changes: { tarifa: { from: '200.00', to: '250.00' }, linea_amarilla_blanca: { from: 1, to: 0 } } }, 7, 3),
      event('RecordDisabled', {}),
    ];
    const items = equipoMovements(events, names);
    expect(items.map((i) => i.tipo)).toEqual(['Desactivación', 'Cambio', 'Traslado', 'Alta']);
    expect(items[3]).toMatchObject({ obra_origen: null, obra_destino: 'Vía Expresa Sur', usuario: 'Sistema', cambios: [] });
    expect(items[2]).toMatchObject({
      obra_origen: 'Vía Expresa Sur',
      obra_destino: 'Depósito de relaves',
      usuario: 'Jorge Huamán Torres',
      cambios: [{ campo: 'ubicacion', etiqueta: 'Ubicación', de: '—', a: 'Frente 2' }],
    });
    expect(items[1]).toMatchObject({ usuario: 'Jorge Huamán Torres', usuario_original: 'Ana Quispe Rojas' });
    expect(items[1].cambios).toEqual([
      { campo: 'tarifa', etiqueta: 'Tarifa', de: '200.00', a: '250.00' },
      { campo: 'linea_amarilla_blanca', etiqueta: 'Línea amarilla/blanca', de: 'Sí', a: 'No' },
    ]);
    expect(items[0].cambios).toEqual([{ campo: 'estado', etiqueta: 'Estado', de: 'Activo', a: 'Inactivo' }]);
  });

  it('shows unknown sites and users by id and names referenced records', () => {
    const items = equipoMovements(
      [event('RecordUpdated', { changes: { id_obra: { from: 9, to: 1 }, id_marca: { from: 5, to: 6 } } }, 99)],
      names,
    );
    expect(items[0]).toMatchObject({ obra_origen: '#9', obra_destino: 'Vía Expresa Sur', usuario: '#99' });
    expect(items[0].cambios).toEqual([{ campo: 'id_marca', etiqueta: 'Marca', de: 'Caterpillar', a: '#6' }]);
  });

  it('a transfer reads the same from its EquipoTrasladado (new streams) as from the site diff (old streams)', () => {
    const created = event('RecordCreated', { fields: { id_obra: 1, codigo: 'EX-001', ubicacion: '' } }, null);
    const oldStream = [created, event('RecordUpdated', { changes: { id_obra: { from: 1, to: 2 }, ubicacion: { from: '', to: 'Frente 2' } } })];
    // The same save through the equipment decider: RecordUpdated and EquipoTrasladado in one transaction.
    const decided = equipmentDecider.decide({ type: 'UpdateRecord', id: 1, fields: { id_obra: 2, ubicacion: 'Frente 2' } }, fold(equipmentDecider, [created as never]));
    expect(decided.map((e) => e.type)).toEqual(['RecordUpdated', 'EquipoTrasladado']);
    const [updated, moved] = decided.map((e) => event(e.type, e.data));
    const newStream = [created, updated, { ...moved, transactionId: updated.transactionId, recordedAt: updated.recordedAt }];
    const rows = equipoMovements(newStream, names);
    // The two streams were built at different versions and times; every other column is equal.
    const content = (items: ReturnType<typeof equipoMovements>) => items.map(({ version: _v, fecha: _f, ...rest }) => rest);
    expect(content(rows)).toEqual(content(equipoMovements(oldStream, names)));
    expect(rows[0]).toMatchObject({
      version: updated.version,
      tipo: 'Traslado',
      obra_origen: 'Vía Expresa Sur',
      obra_destino: 'Depósito de relaves',
      cambios: [{ campo: 'ubicacion', etiqueta: 'Ubicación', de: '—', a: 'Frente 2' }],
    });
    expect(rows).toHaveLength(2);
  });
});
