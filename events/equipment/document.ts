import { CommandRejected } from '../errors';

/** Seed 001 §5: the file can be attached only after the first save. */
export const FILE_AFTER_FIRST_SAVE = 'Guarde primero el documento: el archivo se adjunta después del primer guardado.';

/** A machine's document (`equipo_documento-{id}`, a generic record) gets its file on an edit: a
 * save of a new document (`isNew`) that carries one is refused, before anything is stored. */
export function refuseFileBeforeFirstSave(isNew: boolean, carriesFile: boolean): void {
  if (isNew && carriesFile) throw new CommandRejected(FILE_AFTER_FIRST_SAVE, { documento: FILE_AFTER_FIRST_SAVE }, 422);
}
