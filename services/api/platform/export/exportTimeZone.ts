/** Dates and times are shown as Peru sees them (no daylight saving), whatever the server's zone. */
export const exportTimeZone = 'America/Lima';
