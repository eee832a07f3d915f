/** The questions asked before the row actions of the record screens (seed 000, seed 001 §4). */
export const CONFIRM_MESSAGES = {
  enable: 'Seguro que quieres activarlo?',
  disable: 'Seguro que quieres desactivarlo?',
  remove: 'Se eliminará permanentemente el registro. ¿Estás seguro?',
} as const;
