/** Sent to a field just before code focuses it (FormErrorBanner): a combobox then does not open
 * its list on that focus, which would cover the form. */
export const QUIET_FOCUS_EVENT = 'faena:quiet-focus';

/** Focuses `field` the way a form moves the user to it: no select list pops open. */
export function quietFocus(field: HTMLElement, options?: FocusOptions): void {
  field.dispatchEvent(new Event(QUIET_FOCUS_EVENT));
  field.focus(options);
}
