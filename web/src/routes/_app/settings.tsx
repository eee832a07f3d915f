import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { SettingsPage } from '../../modules/admin-content/components/SettingsPage';
import { settingsSearchSchema } from '../../modules/admin-content/settingsSearch';

/** /settings (seed 000): general and company settings; `?t=general|empresa` picks the tab. */
export const Route = createFileRoute('/_app/settings')({
  validateSearch: (s) => v.parse(settingsSearchSchema, s),
  component: SettingsPage,
});
