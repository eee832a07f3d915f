import * as v from 'valibot';
import { listSearch, optionalCode, optionalId } from '../../../ui/list/listSearch';
import { defineResource } from '../../../ui/resource/defineResource';
import type { ExpiryRow } from './expiryTypes';

/** Expiring machine documents (issue 20, /vencimientos): SOAT, inspection and insurance within 30
 * days or expired, filtered by site, document and situation. Any machine change may move them. */
export const vencimientos = defineResource<ExpiryRow>()({
  path: '/vencimientos',
  topics: ['equipo'],
  live: 'banner',
  liveMessage: 'Hay vencimientos nuevos o modificados.',
  search: listSearch({ id_obra: optionalId, documento: v.fallback(v.optional(v.picklist(['soat', 'rv', 'seguro'])), undefined), vencido: optionalCode([0, 1]) }),
});

