import { MSG_VALIDATION } from '@shared/messages';
import { CommandRejected } from '../errors';

/** The rules of a menu module's record (`module-{id}`, seed 000 /modules), with the facts the API
 * reads (its reordering: module-resort.ts). */
export const MODULE_RULE_MSG = {
  parentNotFound: 'No se encontró el módulo padre',
  rootOnlyByRoot: 'Solo el usuario root puede marcar un módulo como exclusivo de root',
  hasChildren: 'No se puede eliminar un módulo que tiene submódulos',
} as const;

/** What a save by someone other than root is checked against: the root-only flag it sends and
 * whether the parent it names is one the caller may not see (a root-only one). */
export type NonRootModuleSaveFacts = { root: number | undefined; parentHidden: boolean };

/** Only root marks a module root-only, and a root-only parent is, to anyone else, no parent (422,
 * on each field). */
export function refuseNonRootModuleSave(f: NonRootModuleSaveFacts): void {
  const errors: Record<string, string> = {};
  if (f.root === 1) errors.root = MODULE_RULE_MSG.rootOnlyByRoot;
  if (f.parentHidden) errors.id_parent = MODULE_RULE_MSG.parentNotFound;
  if (Object.keys(errors).length) throw new CommandRejected(MSG_VALIDATION, errors, 422);
}

/** A module with submodules is not removed (422). */
export function refuseRemovingParentModule(hasChildren: boolean): void {
  if (hasChildren) throw new CommandRejected(MODULE_RULE_MSG.hasChildren, {}, 422);
}
