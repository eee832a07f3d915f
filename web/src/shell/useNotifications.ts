import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { fetchOk } from '../api/client';
import { useWrite } from '../ui/resource/useWrite';
import type { Envelope } from '../api/envelope';
import { useAccounts } from '../session/accounts';
import { useMe } from '../session/useMe';
import { useToast } from '../ui/toast/useToast';
import { useLiveTopic } from './live/useLiveTopic';
import { notificationPollMs } from './notificationPoll';
import { useCompanyBrand } from './useCompanyBrand';
import type { Notification as Notificacion } from '@shared/contracts/auth';

/** A row of GET /live (the server's type). estado '1' is new (shown as a toast once), '2'
 * highlighted, '0' read. */
export type { Notificacion };

type LiveData = { notificaciones: Notificacion[]; no_leidas: number };

/** Notification toasts: bottom right, 30 s, with a beep. */
const TOAST_MS = 30_000;
/** At most this many toasts at once (say, after a long absence); the rest are summed up in one. */
const MAX_TOASTS = 5;
/** Ids already toasted in this browser session (each new notification is toasted once). */
const TOASTED_KEY = 'faena.toasted';

function readToasted(): Set<number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(TOASTED_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((x): x is number => typeof x === 'number') : []);
  } catch {
    return new Set();
  }
}

function writeToasted(ids: Set<number>) {
  try {
    // Only recent ids matter: keep the store small.
    sessionStorage.setItem(TOASTED_KEY, JSON.stringify([...ids].slice(-500)));
  } catch {
    // Storage blocked: a reload may toast again, nothing worse.
  }
}

/** The current user's notifications (GET /live) with `markRead(ids)` and `remove(id)`.
 * With `watch` (mount it once, in the bell): follows the user's `notifications:user:{id}` room,
 * polls every `interval` seconds (the setting; 30 s without it) while the socket is down, refetches on reconnect, and toasts new (estado '1')
 * notifications once per browser session. */
export function useNotifications(options: { watch?: boolean } = {}) {
  const { write } = useWrite();
  const watch = options.watch ?? false;
  const { current } = useAccounts();
  const me = useMe();
  const queryClient = useQueryClient();
  const { show } = useToast();
  const userId = me.data?.data.id ?? current;
  const queryKey = useMemo(() => ['live', current] as const, [current]);
  const pollMs = notificationPollMs(useCompanyBrand().data?.interval);

  const reload = useCallback(() => queryClient.invalidateQueries({ queryKey }), [queryClient, queryKey]);
  const { connected } = useLiveTopic(watch && userId ? [`notifications:user:${userId}`] : [], () => void reload());

  const query = useQuery({
    queryKey,
    queryFn: async (): Promise<LiveData> => {
      const r = await fetchOk<{ notificaciones?: Notificacion[]; no_leidas?: number }>('GET', '/live');
      return { notificaciones: r.notificaciones ?? [], no_leidas: Number(r.no_leidas ?? 0) };
    },
    enabled: current !== null,
    refetchInterval: watch && !connected ? pollMs : false,
  });

  // Pushes sent while disconnected are lost: catch up when the socket comes back.
  const wasConnected = useRef(connected);
  useEffect(() => {
    if (watch && connected && !wasConnected.current) void reload();
    wasConnected.current = connected;
  }, [watch, connected, reload]);

  const data = query.data;
  useEffect(() => {
    if (!watch || !data) return;
    const toasted = readToasted();
    const fresh = data.notificaciones.filter((n) => String(n.estado) === '1' && !toasted.has(n.id));
    if (!fresh.length) return;
    for (const n of fresh) toasted.add(n.id);
    writeToasted(toasted);
    fresh.slice(0, MAX_TOASTS).forEach((n, i) => show(n.contenido, 'info', { duration: TOAST_MS, position: 'bottom-right', sound: i === 0 }));
    const rest = fresh.length - MAX_TOASTS;
    if (rest > 0) show(rest === 1 ? 'Tiene 1 notificación nueva más' : `Tiene ${rest} notificaciones nuevas más`, 'info', { duration: TOAST_MS, position: 'bottom-right' });
  }, [watch, data, show]);

  const markRead = useCallback(
    async (ids: number[]): Promise<Envelope | null> => {
      if (!ids.length) return null;
      const { envelope } = await write({ path: '/live/leerNotificaciones', body: { ids: ids.slice(0, 200) } });
      if (envelope.ok) await reload();
      return envelope;
    },
    [reload, write],
  );

  const remove = useCallback(
    async (id: number): Promise<Envelope> => {
      const { envelope } = await write({ path: '/live/eliminarNotificacion', body: { id } });
      if (envelope.ok) await reload();
      return envelope;
    },
    [reload, write],
  );

  return {
    items: data?.notificaciones ?? [],
    unread: data?.no_leidas ?? 0,
    isPending: query.isPending,
    isError: query.isError,
    connected,
    markRead,
    remove,
  };
}
