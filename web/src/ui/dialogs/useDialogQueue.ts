import { useCallback, useEffect, useRef, useState } from 'react';

type Pending<TRequest, TAnswer> = { request: TRequest; resolve(answer: TAnswer): void };

/** A queue of prompts answered one at a time (confirm, error). Rules: `ask` returns a promise
 * resolved with the answer; while one prompt is on screen later ones wait their turn; `answer`
 * settles only the prompt it names, so a double click cannot answer the next one; `shown` keeps
 * the last prompt after it is answered so its text stays during the leave transition; on unmount
 * every waiting prompt is settled with `fallback`. */
export function useDialogQueue<TRequest, TAnswer>(fallback: TAnswer) {
  const [queue, setQueue] = useState<Pending<TRequest, TAnswer>[]>([]);
  const [shown, setShown] = useState<Pending<TRequest, TAnswer> | null>(null);
  const current = queue[0] ?? null;
  if (current && current !== shown) setShown(current);

  const pending = useRef(queue);
  useEffect(() => {
    pending.current = queue;
  }, [queue]);
  const fallbackRef = useRef(fallback);
  useEffect(
    () => () => {
      for (const p of pending.current) p.resolve(fallbackRef.current);
    },
    [],
  );

  const ask = useCallback(
    (request: TRequest) =>
      new Promise<TAnswer>((resolve) => {
        setQueue((q) => [...q, { request, resolve }]);
      }),
    [],
  );

  const answer = useCallback((prompt: Pending<TRequest, TAnswer> | null, value: TAnswer) => {
    if (!prompt) return;
    prompt.resolve(value);
    setQueue((q) => q.filter((p) => p !== prompt));
  }, []);

  return { open: current !== null, prompt: current ?? shown, ask, answer };
}
