import { recordsProjection } from '../records';
import type { InlineProjection } from '../types';
import { siteRecordTables } from './site-record-tables';

/** Inline (read-your-writes): rm_empresas, rm_obras and rm_user_obras, kept in the append's
 * transaction by the same rules as every record table (created → insert, updated → changed
 * columns, enabled/disabled → estado, removed → delete). Its own name, so it rebuilds alone. */
export const sitesProjection: InlineProjection = { ...recordsProjection(siteRecordTables), name: 'sites' };
