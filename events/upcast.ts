import type { RecordedEvent } from './types';

/** Turns a stored event of one type and schema version into its newer shape. It returns a new
 * event (another type, or the same type with a higher `schemaVersion`); stored rows never change. */
export type Upcaster = (event: RecordedEvent) => RecordedEvent;

type Entry = { type: string; schemaVersion: number; upcast: Upcaster };

/** A rename: the stored type reads as the new one; data, metadata and positions stay. */
function renamed(from: string, to: string): Entry {
  return { type: from, schemaVersion: 1, upcast: (e) => ({ ...e, type: to }) };
}

/**
 * The registry, by (event type, schema version), read by every read of the event store
 * (`readStream`, `readStreams`, `readAll`, `readAllVisible`), so deciders, projections, rebuilds
 * and replies see only the current shapes (docs/ARCHITECTURE.md, "Upcasters"). New events are
 * written in the current shape; an entry stays as long as old rows of its type may exist.
 */
/** Part lines before schema version 2 (issue 16): `estado` 1 pendiente / 2 atendido become seed
 * 002's product codes (1 borrador, 11 salida de almacén), and the Pedido's fields start empty. */
function partLineV2(line: Record<string, unknown>): Record<string, unknown> {
  return {
    cantidad_en_almacen_obra: 0, usar_stock_solicitud: 0, id_producto_solicitado_stock_solicitud: null, cantidad_stock_solicitud: 0, id_producto_solicitado: null,
    ...line,
    estado: Number(line.estado) === 2 ? 11 : Number(line.estado ?? 1) || 1,
  };
}
function partLineEvent(type: string): Entry {
  return {
    type,
    schemaVersion: 1,
    upcast: (e) => {
      const data = e.data as { tabla?: string; line?: Record<string, unknown> };
      if (data.tabla !== 'productos_solicitados' || !data.line) return { ...e, schemaVersion: 2 };
      return { ...e, schemaVersion: 2, data: { ...e.data, line: partLineV2(data.line) } };
    },
  };
}

/** Work orders opened before issue 19 carry no maintenance type: they read as MC (2), the
 * corrective class (docs/DECISIONS.md, "Tipo de mantenimiento"). */
const workOrderOpenedV2: Entry = {
  type: 'WorkOrderOpened',
  schemaVersion: 1,
  upcast: (e) => {
    const data = e.data as { header?: Record<string, unknown> };
    const header = { ...(data.header ?? {}) };
    if (header.id_tipo_mantenimiento == null) header.id_tipo_mantenimiento = 2;
    return { ...e, schemaVersion: 2, data: { ...e.data, header } };
  },
};

/** Plans added before their standard parts existed (issue 20's plan editor) hold none. */
const pmPlanAddedV2: Entry = {
  type: 'PmPlanAdded',
  schemaVersion: 1,
  upcast: (e) => ({ ...e, schemaVersion: 2, data: { productos: [], ...(e.data) } }),
};

const UPCASTERS: readonly Entry[] = [
  workOrderOpenedV2,
  pmPlanAddedV2,
  partLineEvent('WorkOrderLineAdded'),
  partLineEvent('WorkOrderLineRemoved'),
  // The save of an OT that is not closed totally ("CIERRE MECANICO" is the form's button, not a closure).
  renamed('WorkOrderMechanicallyClosed', 'WorkOrderSaved'),
  // A site's general expenses: event types are named in English like every other.
  renamed('GastosGeneralesIniciados', 'GeneralExpensesOpened'),
  renamed('GastosGeneralesGuardados', 'GeneralExpensesSaved'),
];

/** The schema version new events of a type are written in (1 unless listed): events that carry a
 * part line are at 2 since issue 16 (seed 002's product codes and the Pedido's fields); an order's
 * opening at 2 since issue 19 (its header's maintenance type); a plan's addition at 2 since its
 * standard parts (issue 20's plan editor). */
const CURRENT_VERSIONS: Readonly<Record<string, number>> = { WorkOrderLineAdded: 2, WorkOrderLineRemoved: 2, WorkOrderOpened: 2, PmPlanAdded: 2 };
export function currentSchemaVersion(type: string): number {
  return CURRENT_VERSIONS[type] ?? 1;
}

const byKey = new Map(UPCASTERS.map((u) => [`${u.type}@${u.schemaVersion}`, u.upcast]));

/** The event in its current shape: the upcasters of its (type, version) applied until none is
 * left (a chain v1 → v2 → v3 runs each step once). */
export function upcast(event: RecordedEvent): RecordedEvent {
  let e = event;
  for (let step = 0; step < 32; step++) {
    const next = byKey.get(`${e.type}@${e.schemaVersion}`);
    if (!next) return e;
    e = next(e);
  }
  throw new Error(`Upcasters of ${event.type} v${event.schemaVersion} do not end`);
}
