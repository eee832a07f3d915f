import { MSG_SAVED } from '@shared/messages';
import { HOROMETRO_RULE_MSG } from '../../../events/horometro/decider';

/** The Spanish messages of the hour-meter write rules (docs/modules/hour-meters.md); the rules the
 * decider owns keep their wording beside it. */
export const HOROMETRO_MSG = {
  ...HOROMETRO_RULE_MSG,
  saved: MSG_SAVED,
  equipoSite: 'No tiene acceso a la obra de este equipo',
  noFlag: 'Su perfil no tiene permiso para registrar horómetros',
  /** Issue 20: the newest log may not take the machine's meter back, unless the meter was replaced. */
  meterBelowCurrent: (hFin: number, current: number) =>
    `El horómetro final (${hFin}) es menor que el horómetro actual del equipo (${current}). Si se cambió el horómetro, marque «Cambio de horómetro»`,
} as const;
