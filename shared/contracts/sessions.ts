import * as v from 'valibot';
import type { ListRow } from './platform';
import { instant, rowId } from './platform';

/** A row of GET /sessions: the device data the client sent at sign-in, and the session's dates. */
export const sessionRow = v.object({
  user_name: v.string(),
  platform: v.string(),
  language: v.string(),
  os: v.string(),
  os_version: v.string(),
  device_brand: v.string(),
  device_model: v.string(),
  app_version: v.string(),
  uuid: v.string(),
  date_expiration: instant(),
  date_updated: instant(),
  date_deleted: v.nullable(instant()),
  id: v.pipe(v.string(), v.uuid()),
  id_user: rowId(),
  login_as: v.boolean(),
});

export type SessionRow = ListRow<typeof sessionRow>;
