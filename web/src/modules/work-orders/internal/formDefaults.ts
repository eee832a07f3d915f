import { formatDate } from '@shared/time';
import type { UnitOption, WorkOrderPermissions } from '../workOrderTypes';
import { unitChoices } from './unitChoices';

// What the work-order form proposes so a first-time user types less (issue 14, item 4), and why
// CIERRE TOTAL is off. Pure: the editor and the unit test share them.

/** The editor's three screens: a new order, a saved one, a replica of a closed one. */
export type WorkOrderMode = 'new' | 'edit' | 'replicate';

/** A conversion row of GET /ordenes_trabajo/form (`conversion_unidades`), read defensively. */
type Conversion = { id_material_tipo: unknown; id_unidad: unknown; valor?: unknown };

/** The unit a material is counted in: its type's base unit — the one unit whose conversion factor
 * is 1 (services/demo/master/catalogue-data.ts: 'factor to the type's base unit') — when exactly
 * one unit of the type has factor 1 and the type allows it; else null. Materials carry no unit of
 * their own (rm_materiales): their type's base unit is the one they are counted in. */
export function materialUnit(unidades: UnitOption[], conversiones: unknown, idMaterialTipo: number | null): number | null {
  if (!idMaterialTipo || !Array.isArray(conversiones)) return null;
  const base = (conversiones as Conversion[]).filter(
    (c) => typeof c === 'object' && c !== null && Number(c.id_material_tipo) === idMaterialTipo && Number(c.valor) === 1,
  );
  if (base.length !== 1) return null;
  const unit = Number(base[0].id_unidad);
  return unitChoices(unidades, conversiones, idMaterialTipo).some((u) => Number(u.value) === unit) ? unit : null;
}

/** A part line's unit once its material is chosen (seed 001 §5, issue 14 item 4): the material's
 * unit when it has one (materialUnit); else the line's unit when the new type allows it; else the
 * type's only unit; else none (a unit outside the type is cleared). */
export function unitForMaterial(current: number | null, unidades: UnitOption[], conversiones: unknown, idMaterialTipo: number | null): number | null {
  const own = materialUnit(unidades, conversiones, idMaterialTipo);
  if (own !== null) return own;
  const allowed = unitChoices(unidades, conversiones, idMaterialTipo);
  if (current && allowed.some((u) => u.value === current)) return current;
  return allowed.length === 1 ? allowed[0].value : null;
}

/** The opening hour-meter reading ('Horómetro de apertura', horometro_apertura_ot) after a machine
 * is chosen: the machine's proposed reading (GET /horometros/infoHorometroEquipo, as the hour-meter
 * dialog proposes its start) while the field is empty or still holds the previous proposal — never
 * over what the user typed. `proposal` null (no machine, or no answer): a previous proposal is
 * withdrawn, anything else stays. Returns the field's next text. */
export function proposedReading(current: string, lastProposal: string | null, proposal: number | null): string {
  const untouched = current.trim() === '' || (lastProposal !== null && current === lastProposal);
  if (!untouched) return current;
  return proposal === null || !Number.isFinite(proposal) ? '' : String(proposal);
}

/** The reading GET /horometros/infoHorometroEquipo offers for a machine, or null when it knows
 * none: a machine without logs whose registered reading is 0 was never read (the catalogue's
 * default), and 0 would only fill the field with a wrong value. */
export function machineReading(info: { h_inicio?: unknown; fuente?: string }): number | null {
  const value = typeof info.h_inicio === 'number' && Number.isFinite(info.h_inicio) ? info.h_inicio : null;
  if (value === null || value < 0) return null;
  return info.fuente === 'equipo' && value === 0 ? null : value;
}

/** A short note of where a proposed opening reading came from (GET
 * /horometros/infoHorometroEquipo's `fuente`; its full message goes in the field's title). */
export function readingSource(info: { fuente?: string; ultimo?: { fecha: string; turno: string } | null }): string {
  if (info.fuente === 'registro' && info.ultimo) {
    return `Propuesto: fin del último registro de horómetro (${formatDate(info.ultimo.fecha)}, ${info.ultimo.turno}).`;
  }
  return 'Propuesto: lectura registrada del equipo.';
}

/** The supervisor a new order starts with (and keeps across site changes): the server's proposal
 * in the blank order (the signed-in user when they can be one, save-work-order.ts
 * defaultSupervisor); none for an edit or a replica. */
export function initialSupervisor(mode: WorkOrderMode, idSupervisor: number | null | undefined): number | null {
  return mode === 'new' && idSupervisor ? idSupervisor : null;
}

/** Why CIERRE TOTAL cannot be pressed, from the same rules that disable it; null when it can. The
 * button is shown only on an editable order (new or saved, not a replica); the order of the checks
 * is the order a user meets them. */
export function closeTotalBlocker(o: { mode: WorkOrderMode; permissions: Pick<WorkOrderPermissions, 'locked' | 'can_close_total'>; canEdit: boolean; saving: boolean }): string | null {
  if (!o.canEdit) return 'No tiene permiso para modificar órdenes de trabajo.';
  if (o.permissions.locked) return 'La orden de trabajo ya no está abierta.';
  if (o.mode !== 'edit') return 'Guarde primero la orden con CIERRE MECÁNICO: el cierre total se habilita una vez guardada.';
  if (!o.permissions.can_close_total) return 'La orden de trabajo ya no está abierta.';
  if (o.saving) return 'Espere a que termine el guardado.';
  return null;
}
