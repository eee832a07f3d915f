import { listSearch, optionalCode } from '../../ui/list/listSearch';
import { defineResource } from '../../ui/resource/defineResource';

/** A session as the /sessions list sends it. */
export type SessionRow = {
  id: string;
  user_name: string;
  platform: string;
  language: string;
  os: string;
  os_version: string;
  device_brand: string;
  device_model: string;
  app_version: string;
  uuid: string;
  date_expiration: string;
  date_updated: string;
  date_deleted: string | null;
  login_as: boolean;
};

/** Every session with its device (seed 000 §2 /sessions), open (`activas=1`) or closed (0). */
export const sessions = defineResource<SessionRow>()({
  path: '/sessions',
  topics: [],
  search: listSearch({ activas: optionalCode([0, 1]) }),
});
