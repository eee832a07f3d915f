import { Icon } from './icons';
import type { Palette } from './palette';
import { useNotifications } from './useNotifications';

type NotificationBellProps = { pal: Palette; onOpen: () => void };

/** The bell with the unread count (1–9, then '9+'; hidden at 0). Mount it once: it also keeps
 * the notifications live and toasts new ones (see useNotifications). */
export function NotificationBell({ pal, onOpen }: NotificationBellProps) {
  const { unread } = useNotifications({ watch: true });
  const label = unread > 0 ? `Notificaciones: ${unread} sin leer` : 'Notificaciones';
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      title={label}
      className={`relative inline-flex size-10 items-center justify-center rounded-full transition-colors ${pal.iconButton} ${pal.focus}`}
    >
      <Icon name="notifications" />
      {unread > 0 ? (
        <span
          aria-hidden
          className="absolute -end-0.5 top-0.5 inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-red-600 px-1 text-[10px] leading-none font-bold text-white ring-2 ring-white"
        >
          {unread > 9 ? '9+' : unread}
        </span>
      ) : null}
    </button>
  );
}
