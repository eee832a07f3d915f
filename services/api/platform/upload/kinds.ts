import type { FileKind } from './types';

/** Per kind: the extension a stored file gets, the MIME type it is served with, and the label
 * shown to users in refusal messages. xlsx and xls share the label "Excel". */
export const kinds: Record<FileKind, { ext: string; mime: string; label: string }> = {
  pdf: { ext: 'pdf', mime: 'application/pdf', label: 'PDF' },
  xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', label: 'Excel' },
  xls: { ext: 'xls', mime: 'application/vnd.ms-excel', label: 'Excel' },
  jpg: { ext: 'jpg', mime: 'image/jpeg', label: 'imagen JPG' },
  png: { ext: 'png', mime: 'image/png', label: 'imagen PNG' },
  webp: { ext: 'webp', mime: 'image/webp', label: 'imagen WebP' },
  gif: { ext: 'gif', mime: 'image/gif', label: 'imagen GIF' },
  csv: { ext: 'csv', mime: 'text/csv', label: 'CSV' },
};
