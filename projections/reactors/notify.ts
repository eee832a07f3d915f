import type { CommandContext } from '../../events/execute';
import { notifications } from '../../events/notification/decider';

/** A notification for each user (a `notification-{id}` stream each; the live projection pushes it
 * to their sockets), created in the reaction's command with consecutive ids; the text is cut to
 * the 500 characters a notification keeps. None for no users. */
export async function notifyUsers(c: CommandContext, users: readonly number[], text: string): Promise<void> {
  if (!users.length) return;
  const ids = await c.nextIds('notification', users.length);
  users.forEach((userId, i) => c.start(notifications, ids[i]).decide({ type: 'CreateNotification', id: ids[i], userId, contenido: text.slice(0, 500) }));
}
