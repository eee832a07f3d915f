import { Drawer } from '../ui/dialogs/Drawer';
import { useEffect, useRef, useState } from 'react';
import { DEFAULT_ERROR } from '../api/envelope';
import { useErrorDialog } from '../ui/dialogs/useErrorDialog';
import { useToast } from '../ui/toast/useToast';
import { Icon } from './icons';
import { useNotifications } from './useNotifications';
import { formatRecent } from '@shared/time';

type NotificationsPanelProps = { open: boolean; onClose: () => void };

/** 'hace 5 minutos' within a day, else the date and time; '' when unreadable. */
function when(value: string): { text: string; iso: string } {
  const date = new Date(String(value).replace(' ', 'T'));
  if (Number.isNaN(date.getTime())) return { text: '', iso: '' };
  return { text: formatRecent(date, new Date()), iso: date.toISOString() };
}

/** The notifications side panel (seed 000 §3), sliding in from the end side. Opening it reports
 * the unread ones it shows as read (`POST /live/leerNotificaciones`); each row has its date and a
 * delete button (`POST /live/eliminarNotificacion`, then 'Eliminado correctamente'; a refusal
 * shows the server's message). Escape or the backdrop closes it. */
export function NotificationsPanel({ open, onClose }: NotificationsPanelProps) {
  const { items, isPending, isError, markRead, remove } = useNotifications();
  const { show } = useToast();
  const { showError } = useErrorDialog();
  const [deleting, setDeleting] = useState<number | null>(null);
  const reported = useRef(new Set<number>());

  // While open, every unread row shown is reported read once.
  useEffect(() => {
    if (!open) {
      reported.current.clear();
      return;
    }
    const ids = items.filter((n) => String(n.estado) !== '0' && !reported.current.has(n.id)).map((n) => n.id);
    if (!ids.length) return;
    for (const id of ids) reported.current.add(id);
    void markRead(ids);
  }, [open, items, markRead]);

  async function onDelete(id: number) {
    setDeleting(id);
    const envelope = await remove(id);
    setDeleting(null);
    if (envelope.ok) show('Eliminado correctamente', 'success');
    else await showError({ title: 'No se pudo eliminar', message: envelope.msg || DEFAULT_ERROR });
  }

  return (
    <Drawer open={open} onClose={onClose} title="Notificaciones" icon="notifications" closeLabel="Cerrar notificaciones">
            {isPending ? (
              <p role="status" className="px-5 py-8 text-center text-sm text-slate-500">
                Cargando...
              </p>
            ) : isError && !items.length ? (
              <p role="alert" className="px-5 py-8 text-center text-sm text-red-700">
                Se produjo un error
              </p>
            ) : !items.length ? (
              <div className="flex flex-col items-center gap-3 px-5 py-16 text-center">
                <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-400">
                  <Icon name="notifications" className="size-7" />
                </span>
                <p className="text-sm text-slate-500">No tienes ninguna alerta.</p>
              </div>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((n) => {
                  // Rows reported read while the panel is open keep their highlight until it closes.
                  const unread = String(n.estado) !== '0' || reported.current.has(n.id);
                  const date = when(n.fecha_creado);
                  return (
                    <li key={n.id} className={`group flex gap-3 px-5 py-4 ${unread ? 'bg-teal-50/60' : ''}`}>
                      <span aria-hidden className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-teal-500' : 'bg-transparent'}`} />
                      <div className="min-w-0 flex-1">
                        <p dir="auto" className="text-sm break-words whitespace-pre-line text-slate-800">
                          {n.contenido}
                        </p>
                        {date.text ? (
                          <time dateTime={date.iso} className="mt-1 block text-xs text-slate-500">
                            {date.text}
                          </time>
                        ) : null}
                      </div>
                      <button
                        type="button"
                        onClick={() => void onDelete(n.id)}
                        disabled={deleting === n.id}
                        aria-label="Eliminar notificación"
                        title="Eliminar"
                        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full text-slate-400 hover:bg-red-50 hover:text-red-600 focus-visible:outline-2 focus-visible:outline-teal-600 disabled:opacity-50"
                      >
                        <Icon name="delete" className="size-4.5" />
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
    </Drawer>
  );
}
