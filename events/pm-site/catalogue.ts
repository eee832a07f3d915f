import { defineCatalogue } from '../catalogue';
import type { PmSiteEvent } from './decider';

/** A site's automatic opening of preventive OTs (`pm_obra-{id_obra}`, issue 20). */
export const pmSiteCatalogue = defineCatalogue<PmSiteEvent>()({
  PmSiteSettingsSaved: { label: 'Apertura automática de OT preventivas', name: 'configuró la apertura automática de OT preventivas de', icon: 'schedule', color: 'info' },
});
