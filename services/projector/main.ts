// The projector service: async projections and reactors, each with one active runner across
// processes (advisory locks); start several for standbys. Needs DATABASE_URL. PROJECTIONS and
// REACTORS (comma-separated names) choose what this process runs: with either set, only the named
// ones (none of the other kind unless it is set too).
import { createEventStore } from '../../events/store';
import { asyncProjections, inlineProjections, reactors as allReactors } from '../../projections/registry';
import { startReactors } from '../../projections/reactors/runner';
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
const only = (names: string | undefined) => names?.split(',').filter(Boolean);
const onlyProjections = only(process.env.PROJECTIONS);
const onlyReactors = only(process.env.REACTORS);
const chosen = onlyProjections || onlyReactors;
const projections = chosen ? asyncProjections.filter((p) => onlyProjections?.includes(p.name)) : asyncProjections;
const reactors = chosen ? allReactors.filter((r) => onlyReactors?.includes(r.name)) : allReactors;
const pollMs = Number(process.env.PROJECTOR_POLL_MS ?? 1000);
const projector = await startProjector(sql, store, projections, { publish: createPublisher(sql), log: (m) => log.info(m), pollMs });
// A refused reactor command is a warning, and a row of es_reactor_dead_letters.
const reactorRunner = await startReactors(sql, store, reactors, { log: (m) => log.info(m), warn: (m) => log.warn(m), pollMs });
log.info('projector started', { projections: projections.map((p) => p.name), reactors: reactors.map((r) => r.name) });
const stop = async () => {
  await Promise.all([projector.stop(), reactorRunner.stop()]);
  await sql.end({ timeout: 3 });
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
