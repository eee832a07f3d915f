import { useBlocker } from '@tanstack/react-router';
import { useCallback, useEffect, useRef } from 'react';
import { useConfirm } from '../dialogs/useConfirm';

/** What leaving with unsaved changes asks (title '¿Estás seguro?'), in dialogs and pages alike. */
export const DISCARD_MESSAGE = 'Los datos que ha introducido se perderán.';

/** A page form's unsaved-changes prompt: leaving for another page (or closing the tab) while
 * `dirty` asks first; moving within the page (a tab in the URL) does not. `allowLeave()` lets the
 * next navigation through without asking: a successful save calls it before it moves on, since the
 * saved values are not yet the rendered baseline when it navigates. */
export function useLeavePrompt(dirty: boolean): { allowLeave(): void } {
  const { confirm } = useConfirm();
  const dirtyRef = useRef(dirty);
  const leaving = useRef(false);
  useEffect(() => {
    dirtyRef.current = dirty;
  });
  useBlocker({
    shouldBlockFn: async ({ current, next }) => {
      if (leaving.current || !dirtyRef.current || current.pathname === next.pathname) return false;
      return !(await confirm({ message: DISCARD_MESSAGE }));
    },
    enableBeforeUnload: () => dirtyRef.current && !leaving.current,
  });
  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  return { allowLeave };
}
