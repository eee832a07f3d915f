import * as v from 'valibot';
import { fold } from '../../../events/decider';
import { executeOn } from '../../../events/execute';
import { pmSiteDecider, pmSites, type PmSiteEvent } from '../../../events/pm-site/decider';
import { streamIdOf } from '../../../events/store';
import type { EventMetadata } from '../../../events/types';
import { ApiError } from '../platform/api-error';
import type { ApiDeps } from '../platform/deps';
import type { Principal } from '../platform/principal';
import { userSites } from '../platform/site-scope';
import type { pmSiteSettingsInput } from '@shared/contracts/preventive-maintenance';

const MSG_OBRA_NOT_FOUND = 'No se encontró la obra';

async function assertSite(deps: ApiDeps, principal: Principal, idObra: number): Promise<void> {
  const [o] = await deps.sql`SELECT 1 FROM rm_obras WHERE id = ${idObra}`;
  const sites = await userSites(deps, principal);
  if (!o || (sites !== 'all' && !sites.includes(idObra))) throw new ApiError(404, MSG_OBRA_NOT_FOUND);
}

/** A site's automatic opening of preventive OTs, folded from its `pm_obra-{id_obra}` stream (off by default). */
export async function loadSiteSettings(deps: ApiDeps, principal: Principal, idObra: number) {
  await assertSite(deps, principal, idObra);
  const events = await deps.store.readStream(streamIdOf('pm_obra', idObra));
  const state = fold(pmSiteDecider, events as unknown as PmSiteEvent[]);
  return { ...state, id_obra: idObra, version: events.length ? events[events.length - 1].version : 0 };
}

export async function saveSiteSettings(
  deps: ApiDeps,
  options: { input: v.InferOutput<typeof pmSiteSettingsInput>; principal: Principal; metadata: Partial<EventMetadata> },
) {
  const { version, id_obra, ...settings } = options.input;
  await assertSite(deps, options.principal, id_obra);
  await executeOn(deps.store, pmSites, id_obra, { type: 'SavePmSiteSettings', id_obra, settings }, { metadata: options.metadata, expectedVersion: version });
  return { ...(await loadSiteSettings(deps, options.principal, id_obra)), msg: 'Guardado correctamente' };
}
