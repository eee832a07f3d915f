import { MSG_SAVED } from '@shared/messages';

/** The Spanish messages of the hour-meter write rules (docs/modules/hour-meters.md). */
export const HOROMETRO_MSG = {
  saved: MSG_SAVED,
  duplicate: 'Ya existe un registro de horómetro para este equipo, fecha y turno',
  equipoFixed: 'No se puede cambiar el equipo de un registro existente',
  equipoNotFound: 'No se encontró el equipo',
  equipoInactive: 'El equipo está inactivo',
  equipoSite: 'No tiene acceso a la obra de este equipo',
  noFlag: 'Su perfil no tiene permiso para registrar horómetros',
} as const;
