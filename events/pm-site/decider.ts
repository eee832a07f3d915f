import { MSG_VALIDATION } from '@shared/messages';
import type { Decider } from '../decider';
import { CommandRejected } from '../errors';
import { aggregate } from '../execute';
import type { Event } from '../types';

/** A site's automatic opening of preventive OTs (issue 20): off, or N days before a plan is due,
 * with the people and the functional element the OTs it opens are written with (a work order
 * needs an operator, a mechanic and a supervisor, and each line an element). */
export type PmSiteSettings = {
  auto_abrir: boolean;
  dias_anticipacion: number;
  id_operador: number | null;
  id_mecanico: number | null;
  id_supervisor: number | null;
  id_grupo_funcional: number | null;
  id_grupo_funcional_elemento: number | null;
};
export const PM_SITE_DEFAULTS: PmSiteSettings = {
  auto_abrir: false, dias_anticipacion: 7, id_operador: null, id_mecanico: null, id_supervisor: null, id_grupo_funcional: null, id_grupo_funcional_elemento: null,
};
export const MAX_DIAS_ANTICIPACION = 60;

export type PmSiteEvent = Event<'PmSiteSettingsSaved', { id_obra: number } & PmSiteSettings>;
export type PmSiteCommand = { type: 'SavePmSiteSettings'; id_obra: number; settings: PmSiteSettings };
export type PmSiteState = PmSiteSettings & { id_obra: number | null };

export const pmSiteDecider: Decider<PmSiteState, PmSiteCommand, PmSiteEvent> = {
  initialState: () => ({ id_obra: null, ...PM_SITE_DEFAULTS }),
  decide(command, state) {
    const s = command.settings;
    const errors: Record<string, string> = {};
    if (!Number.isInteger(s.dias_anticipacion) || s.dias_anticipacion < 0 || s.dias_anticipacion > MAX_DIAS_ANTICIPACION) {
      errors.dias_anticipacion = `Elija de 0 a ${MAX_DIAS_ANTICIPACION} días`;
    }
    if (s.auto_abrir) {
      for (const f of ['id_operador', 'id_mecanico', 'id_supervisor', 'id_grupo_funcional_elemento'] as const) if (!s[f]) errors[f] = 'Este campo es obligatorio';
    }
    if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
    const { id_obra: _id, ...current } = state;
    if (JSON.stringify(current) === JSON.stringify({ ...PM_SITE_DEFAULTS, ...s })) return [];
    return [{ type: 'PmSiteSettingsSaved', data: { id_obra: command.id_obra, ...PM_SITE_DEFAULTS, ...s } }];
  },
  evolve: (_state, event) => ({ ...event.data }),
};

/** `pm_obra-{id_obra}` streams decided by pmSiteDecider. */
export const pmSites = aggregate('pm_obra', pmSiteDecider);
