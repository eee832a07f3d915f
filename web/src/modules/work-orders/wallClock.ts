// Work-order dates travel as the site's wall clock, 'YYYY-MM-DD HH:mm' (work-order-schemas.ts
// dateTime): no zone, never converted. These helpers move them between the wire and the
// datetime-local inputs as text; the screen shows them with formatWallClock (shared/time.ts).

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
