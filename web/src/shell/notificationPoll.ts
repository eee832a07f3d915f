/** Without a socket the notifications panel polls GET /live this often when the `interval`
 * setting is missing or out of range. */
export const DEFAULT_POLL_MS = 30_000;

/** The poll period in ms for the `interval` setting (whole seconds, 5 to 3600, as the settings
 * form accepts); anything else → 30 s. */
export function notificationPollMs(interval: number | null | undefined): number {
  return typeof interval === 'number' && Number.isInteger(interval) && interval >= 5 && interval <= 3600 ? interval * 1000 : DEFAULT_POLL_MS;
}
