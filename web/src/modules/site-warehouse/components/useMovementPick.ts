import { useState } from 'react';
import { repick, typeQuantity, type Picked } from '../internal/movements';

/** The picking state a movement list shares with its MovementPanel: the selected rows with the
 * quantity typed for each (capped at `capOf`), the per-row errors of the last failed confirm, its
 * message and a counter that changes with each failure. */
export type MovementPick<Row extends { id: number }> = ReturnType<typeof useMovementPick<Row>>;

export function useMovementPick<Row extends { id: number }>(rows: Row[], capOf: (row: Row) => number) {
  const [picked, setPicked] = useState(() => new Map<number, Picked<Row>>());
  const [rowErrors, setRowErrors] = useState<Record<number, string>>({});
  const [message, setMessage] = useState('');
  const [attempt, setAttempt] = useState(0);

  return {
    chosen: [...picked.values()],
    selected: new Set(picked.keys()),
    rowErrors,
    setRowErrors,
    message,
    attempt,
    /** A failed confirm: its message shown (again, even when the same). */
    fail(msg: string) {
      setMessage(msg);
      setAttempt((n) => n + 1);
    },
    clear() {
      setPicked(new Map());
      setRowErrors({});
      setMessage('');
    },
    select(keys: Set<string | number>) {
      setPicked((before) => repick(before, keys, rows, capOf));
    },
    onQuantity(id: number, text: string) {
      setPicked((before) => {
        const next = new Map(before);
        const p = next.get(id);
        if (p) next.set(id, { ...p, text: typeQuantity(text, capOf(p.row)) });
        return next;
      });
      setRowErrors(({ [id]: _gone, ...rest }) => rest);
    },
  };
}
