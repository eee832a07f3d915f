import type { FieldChange } from '@shared/diff';
import type { RecordedEvent } from '../../../../events/types';

export type MovementType = 'Alta' | 'Traslado' | 'Cambio' | 'Activación' | 'Desactivación' | 'Eliminación';

export type MovementChange = { campo: string; etiqueta: string; de: string; a: string };

export type Movement = {
  version: number;
  fecha: string;
  tipo: MovementType;
  /** Site before and after (a transfer; a registration has only `obra_destino`). */
  obra_origen: string | null;
  obra_destino: string | null;
  cambios: MovementChange[];
  usuario: string;
  /** The administrator behind a 'login as', when there was one. */
  usuario_original: string | null;
};

/** Names of the records an event refers to, by kind and id. */
export type MovementNames = { obras: Map<number, string>; users: Map<number, string>; refs: Map<string, Map<number, string>> };

/** The fields whose changes make the movement history (seed 001 §2 'equipment history
 * sub-table'): where the machine is, how it is identified, costs, tariff, amortization and
 * write-off. Hour-meter readings and free text are left out. */
export const SIGNIFICANT_FIELDS: Record<string, string> = {
  id_obra: 'Obra',
  codigo: 'Código',
  codigo_sub_obra: 'Código sub obra',
  cc: 'Centro de costo',
  placa: 'Placa',
  serie: 'Serie',
  ubicacion: 'Ubicación',
  id_equipo_grupo: 'Grupo',
  id_equipo_subgrupo: 'Subgrupo',
  id_equipo_producto: 'Descripción',
  id_marca: 'Marca',
  id_modelo: 'Modelo',
  fecha_baja: 'Fecha de baja',
  costo_adquisicion: 'Costo de adquisición',
  costo_anual_seguro: 'Costo anual del seguro',
  amortizacion: 'Amortización (meses)',
  amortizacion_inicio: 'Inicio de amortización',
  tipo_tarifa: 'Tipo de tarifa',
  horas: 'Meses / horas',
  tarifa: 'Tarifa',
  linea_amarilla_blanca: 'Línea amarilla/blanca',
  estado: 'Estado',
};

/** Reference fields and the kind of record their ids name. */
export const REF_KINDS: Record<string, string> = {
  id_equipo_grupo: 'grupo',
  id_equipo_subgrupo: 'subgrupo',
  id_equipo_producto: 'producto',
  id_marca: 'marca',
  id_modelo: 'modelo',
};

function shown(field: string, value: unknown, names: MovementNames): string {
  if (value === null || value === undefined || value === '') return '—';
  if (field === 'id_obra') return names.obras.get(Number(value)) ?? `#${String(value)}`;
  if (field in REF_KINDS) return names.refs.get(REF_KINDS[field])?.get(Number(value)) ?? `#${String(value)}`;
  if (field === 'estado') return Number(value) === 1 ? 'Activo' : 'Inactivo';
  if (field === 'linea_amarilla_blanca') return Number(value) === 1 ? 'Sí' : 'No';
  return String(value);
}

function who(id: unknown, names: MovementNames): string | null {
  if (id === null || id === undefined) return null;
  return names.users.get(Number(id)) ?? `#${String(id)}`;
}

/** The machine's movement history from its own event stream (`equipo-{id}`), newest first: its
 * registration (with the first site), every transfer between sites with the other fields changed
 * by the same save, the other significant changes, activations and deactivations; each with who
 * (or 'Sistema') and when. A transfer is its `EquipoTrasladado` event; streams written before that
 * event existed have only the `RecordUpdated` of `id_obra`, read as the same row. */
export function equipoMovements(events: RecordedEvent[], names: MovementNames): Movement[] {
  const out: Movement[] = [];
  // The save that carried a transfer: its other changes belong to the transfer's row.
  const transferred = new Set(events.filter((e) => e.type === 'EquipoTrasladado').map((e) => e.transactionId));
  const saves = new Map<string, { base: { version: number; fecha: string; usuario: string; usuario_original: string | null }; cambios: MovementChange[] }>();
  for (const e of events) {
    const base = {
      version: e.version,
      fecha: e.recordedAt.toISOString(),
      usuario: who(e.metadata.userId, names) ?? (e.metadata.originalUserId == null ? 'Sistema' : '—'),
      usuario_original: who(e.metadata.originalUserId, names),
    };
    switch (e.type) {
      case 'RecordCreated': {
        const fields = (e.data.fields ?? {}) as Record<string, unknown>;
        out.push({ ...base, tipo: 'Alta', obra_origen: null, obra_destino: shown('id_obra', fields.id_obra, names), cambios: [] });
        break;
      }
      case 'RecordUpdated': {
        const changes = (e.data.changes ?? {}) as Record<string, FieldChange>;
        const cambios = Object.entries(changes)
          .filter(([field]) => field in SIGNIFICANT_FIELDS && field !== 'id_obra')
          .map(([field, c]) => ({ campo: field, etiqueta: SIGNIFICANT_FIELDS[field], de: shown(field, c.from, names), a: shown(field, c.to, names) }));
        const site = changes.id_obra;
        if (transferred.has(e.transactionId)) {
          saves.set(e.transactionId, { base, cambios });
        } else if (site) {
          out.push({ ...base, tipo: 'Traslado', obra_origen: shown('id_obra', site.from, names), obra_destino: shown('id_obra', site.to, names), cambios });
        } else if (cambios.length) {
          out.push({ ...base, tipo: 'Cambio', obra_origen: null, obra_destino: null, cambios });
        }
        break;
      }
      case 'EquipoTrasladado': {
        const save = saves.get(e.transactionId);
        out.push({
          ...(save?.base ?? base),
          tipo: 'Traslado',
          obra_origen: shown('id_obra', e.data.id_obra_origen, names),
          obra_destino: shown('id_obra', e.data.id_obra_destino, names),
          cambios: save?.cambios ?? [],
        });
        break;
      }
      case 'RecordEnabled':
        out.push({ ...base, tipo: 'Activación', obra_origen: null, obra_destino: null, cambios: [{ campo: 'estado', etiqueta: 'Estado', de: 'Inactivo', a: 'Activo' }] });
        break;
      case 'RecordDisabled':
        out.push({ ...base, tipo: 'Desactivación', obra_origen: null, obra_destino: null, cambios: [{ campo: 'estado', etiqueta: 'Estado', de: 'Activo', a: 'Inactivo' }] });
        break;
      case 'RecordRemoved':
        out.push({ ...base, tipo: 'Eliminación', obra_origen: null, obra_destino: null, cambios: [] });
        break;
    }
  }
  return out.reverse();
}
