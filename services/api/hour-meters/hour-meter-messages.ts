import { MSG_SAVED } from '@shared/messages';
import { HOROMETRO_RULE_MSG } from '../../../events/hour-meter/decider';

/** The Spanish messages of the hour-meter write rules (docs/modules/hour-meters.md); the rules the
 * decider owns keep their wording beside it. */
export const HOROMETRO_MSG = {
  ...HOROMETRO_RULE_MSG,
  saved: MSG_SAVED,
  noFlag: 'Su perfil no tiene permiso para registrar horómetros',
} as const;
