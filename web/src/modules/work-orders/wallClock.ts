// Work-order dates travel as the site's wall clock, 'YYYY-MM-DD HH:mm' (work-order-schemas.ts
// dateTime): no zone, never converted. These helpers move them between the wire, the
// datetime-local inputs and the screen (dd/MM/yyyy HH:mm) as text.

const WALL = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})/;

/** 'YYYY-MM-DD HH:mm' → the value of an <input type="datetime-local"> ('YYYY-MM-DDTHH:mm'). */
export function toInputDateTime(value: string | null | undefined): string {
  const m = value ? WALL.exec(value) : null;
  return m ? `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}` : '';
}

/** An <input type="datetime-local"> value → the wire format, or null when empty. */
export function fromInputDateTime(value: string): string | null {
  const m = WALL.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}` : null;
}

/** A wall-clock date-time as dd/MM/yyyy HH:mm (24 h); '' when absent. */
export function formatWallClock(value: string | null | undefined): string {
  const m = value ? WALL.exec(value) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : '';
}

/** An instant (ISO with zone, e.g. an event's date) as dd/MM/yyyy HH:mm on Peru's clock, the clock
 * of the order's own dates, so the timeline and the form never disagree by a zone. */
export function formatInstant(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : formatWallClock(limaNow(d));
}

/** Now as Peru's wall clock (the zone the server proposes opening dates in: load-work-order.ts). */
export function limaNow(now: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Lima', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
