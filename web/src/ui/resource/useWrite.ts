import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { api, type Reply } from '../../api/client';
import { newWriteIds, rememberOwnWrite, type WriteIds } from '../../api/ownWrites';
import { uploadWithProgress } from '../../api/uploadWithProgress';
import type { WriteCall } from './defineResource';

/** What identifies a submit: its call and body. A File counts by name, size and date. */
function fingerprint(call: WriteCall): string {
  const body =
    call.body instanceof FormData
      ? [...call.body.entries()].map(([k, value]) => [k, value instanceof File ? `file:${value.name}:${value.size}:${value.lastModified}` : value])
      : call.body;
  return JSON.stringify([call.method ?? 'POST', call.path, call.query ?? null, body ?? null]);
}

/** Sends one write with its ids as headers. */
function send(call: WriteCall, ids: WriteIds): Promise<Reply> {
  rememberOwnWrite(ids.correlationId);
  const headers = { 'Idempotency-Key': ids.idempotencyKey, 'x-correlation-id': ids.correlationId };
  if (call.onProgress && call.body instanceof FormData && call.method !== 'GET') return uploadWithProgress(call.path, call.body, call.onProgress, headers, call.query);
  return call.method === 'GET' ? api.get(call.path, call.query, headers) : api.post(call.path, call.body ?? {}, call.query, headers);
}

/** The one write path of the web (a TanStack Query mutation). Rules:
 * - every write carries an `Idempotency-Key` (a UUID per submit) and an `x-correlation-id` (the
 *   events it causes carry it, and so do their live pushes: the echo is known as the user's own);
 * - a submit that failed on the network (status 0: the server may or may not have stored it) and
 *   is sent again unchanged reuses both, so the server stores it once; any other outcome, or a
 *   changed body, starts a new submit with new ids;
 * - an ok reply invalidates `invalidate` before it resolves, so the caller sees fresh lists;
 * - it resolves to the reply (status and envelope), never throws: forms read `errors`. */
export function useWrite(invalidate: QueryKey[] = []) {
  const queryClient = useQueryClient();
  const open = useRef<{ fingerprint: string; ids: WriteIds } | null>(null);
  const keys = JSON.stringify(invalidate);
  const mutation = useMutation({ mutationFn: ({ call, ids }: { call: WriteCall; ids: WriteIds }) => send(call, ids) });
  const { mutateAsync } = mutation;

  const write = useCallback(
    async (call: WriteCall): Promise<Reply> => {
      const print = fingerprint(call);
      const ids = open.current?.fingerprint === print ? open.current.ids : newWriteIds();
      open.current = { fingerprint: print, ids };
      const reply = await mutateAsync({ call, ids });
      if (reply.status !== 0) open.current = null;
      if (reply.envelope.ok) await Promise.all((JSON.parse(keys) as QueryKey[]).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return reply;
    },
    [keys, mutateAsync, queryClient],
  );

  return { write, pending: mutation.isPending };
}
