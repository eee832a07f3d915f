import type { ExportKind } from './types';

/** The media type each format is served with; text formats are UTF-8. */
export const exportContentType: Record<ExportKind, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
};
