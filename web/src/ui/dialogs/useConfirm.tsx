import { useContext } from 'react';
import { ConfirmContext, type ConfirmApi } from './confirmContext';

/** `const { confirm } = useConfirm(); if (await confirm({ message })) …` — needs
 * `DialogsProvider` (or `ConfirmProvider`) above. */
export function useConfirm(): ConfirmApi {
  const api = useContext(ConfirmContext);
  if (!api) throw new Error('useConfirm() needs a <DialogsProvider> above it.');
  return api;
}
