/** The kinds of file an upload field may accept. The kind is always decided from the bytes. */
export type FileKind = 'pdf' | 'xlsx' | 'xls' | 'jpg' | 'png' | 'webp' | 'gif' | 'csv';

/** What one upload field accepts: a size limit in KB (1 KB = 1024 bytes) and the allowed kinds. */
export type UploadPolicy = { field: string; maxKb: number; accept: FileKind[] };

/** A file that passed checkUpload. `ext` and `mime` come from the detected kind, never from the
 * client; `originalName` is the client's name with the detected kind's extension (withKindExtension),
 * for display and downloads only, never used to store the file. */
export type CheckedUpload = {
  kind: FileKind;
  ext: string;
  mime: string;
  bytes: Uint8Array;
  originalName: string;
  size: number;
};

/** Why a file was refused: HTTP status, Spanish message, and `errors` as `{ [policy.field]: msg }`. */
export type UploadRefusal = { status: 413 | 415 | 422; msg: string; errors: Record<string, string> };
