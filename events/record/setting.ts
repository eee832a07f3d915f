import { MSG_VALIDATION } from '@shared/messages';
import { CommandRejected } from '../errors';

/** The settings record (`setting-1`, a generic record): its pictures are uploaded files. */
export const UPLOAD_AS_FILE = 'Suba la imagen como archivo';

/** What a text value of a settings picture field does, given the name stored now (`current`): ''
 * or null removes the picture (null); the stored name or its /uploads/ address keeps it
 * (undefined); any other name is refused, since a picture is given as an upload. */
export function pictureText(field: string, value: string | null, current: unknown): null | undefined {
  if (value === null || value === '' || value === 'null') return null;
  const name = value.startsWith('/uploads/') ? value.slice('/uploads/'.length) : value;
  if (typeof current === 'string' && name === current) return undefined;
  throw new CommandRejected(MSG_VALIDATION, { [field]: UPLOAD_AS_FILE }, 422);
}
