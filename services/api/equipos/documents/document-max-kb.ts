/** Seed 001 §5, Equipment document: the largest file accepted, in KB (1 KB = 1024 bytes): 10 MB,
 * enough for a scanned manual or a spreadsheet of parts. The form's item carries it as `max_kb`,
 * so the web's file picker refuses larger files with the same message before sending them. */
export const EQUIPO_DOCUMENTO_MAX_KB = 10_240;
