import { useCallback, useContext, useEffect, useRef, useState, type Context } from 'react';

/** A dialog's API from its provider; `hook` names the caller in the error thrown without one. */
export function useDialogApi<Api>(context: Context<Api | null>, hook: string): Api {
  const api = useContext(context);
  if (!api) throw new Error(`${hook} needs a <DialogsProvider> above it.`);
  return api;
}

type Pending<TRequest, TAnswer> = { request: TRequest; resolve(answer: TAnswer): void };

/** A queue of prompts answered one at a time (confirm, error). Rules: `ask` returns a promise
 * resolved with the answer; while one prompt is on screen later ones wait their turn; `answer`
 * settles only the prompt it names, and only its first answer counts, so a double click cannot
 * answer the next one; `shown` keeps the last prompt after it is answered so its text stays during
 * the leave transition.
 *
 * An answer is delivered (the promise resolved) only once the dialog has let go of the page: when
 * the dialog reports `closed()` (DialogFrame's `onClosed`: it has left the screen and focus is back
 * on the opener), or at once if the next queued prompt takes its place (the dialog stays open, no
 * focus comes back). So a caller that moves focus after `await` (a refused form focusing its first
 * invalid field) is never overridden by the dialog's focus restoration. On unmount every answered
 * prompt gets its answer and every waiting one `fallback`. */
export function useDialogQueue<TRequest, TAnswer>(fallback: TAnswer) {
  const [queue, setQueue] = useState<Pending<TRequest, TAnswer>[]>([]);
  const [shown, setShown] = useState<Pending<TRequest, TAnswer> | null>(null);
  const current = queue[0] ?? null;
  if (current && current !== shown) setShown(current);

  /** Answered, waiting for the dialog to close before their promises resolve. */
  const answered = useRef(new Map<Pending<TRequest, TAnswer>, TAnswer>());
  /** Every prompt ever answered (its first answer wins). */
  const done = useRef(new WeakSet<Pending<TRequest, TAnswer>>());
  const deliver = useCallback(() => {
    const ready = [...answered.current];
    answered.current.clear();
    for (const [prompt, value] of ready) prompt.resolve(value);
  }, []);

  // A prompt on screen means the dialog stayed open: the answers given before it are delivered.
  useEffect(() => {
    if (current) deliver();
  }, [current, deliver]);

  const pending = useRef(queue);
  useEffect(() => {
    pending.current = queue;
  }, [queue]);
  const fallbackRef = useRef(fallback);
  useEffect(
    () => () => {
      deliver();
      for (const p of pending.current) p.resolve(fallbackRef.current);
    },
    [deliver],
  );

  const ask = useCallback(
    (request: TRequest) =>
      new Promise<TAnswer>((resolve) => {
        setQueue((q) => [...q, { request, resolve }]);
      }),
    [],
  );

  const answer = useCallback((prompt: Pending<TRequest, TAnswer> | null, value: TAnswer) => {
    if (!prompt || done.current.has(prompt)) return;
    done.current.add(prompt);
    answered.current.set(prompt, value);
    setQueue((q) => q.filter((p) => p !== prompt));
  }, []);

  return { open: current !== null, prompt: current ?? shown, ask, answer, closed: deliver };
}
