// The projector service: async projections with one active runner per projection (advisory
// locks); start several for standbys. Needs DATABASE_URL.
import { createEventStore } from '../../events/store';
import { asyncProjections, inlineProjections } from '../../projections/registry';
import { startProjector } from '../../projections/runner';
import { loadConfig } from '../shared/config';
import { prepareDatabase } from '../shared/database';
import { createSql } from '../shared/db';
import { createPublisher } from '../shared/live';
import { createLogger } from '../shared/logger';

const config = loadConfig();
const log = createLogger({ service: 'projector' });
if (!config.databaseUrl) throw new Error('DATABASE_URL es obligatorio para services/projector');
const sql = createSql(config.databaseUrl, { max: 10, applicationName: 'faena-projector' });
await prepareDatabase(sql);
const store = createEventStore(sql, { inlineProjections });
const only = process.env.PROJECTIONS?.split(',').filter(Boolean);
const projections = only ? asyncProjections.filter((p) => only.includes(p.name)) : asyncProjections;
const projector = await startProjector(sql, store, projections, {
  publish: createPublisher(sql),
  log: (m) => log.info(m),
  pollMs: Number(process.env.PROJECTOR_POLL_MS ?? 1000),
});
log.info('projector started', { projections: projections.map((p) => p.name) });
const stop = async () => {
  await projector.stop();
  await sql.end({ timeout: 3 });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
