// The projector service: async projections and reactors, each with one active runner across
// processes (advisory locks); start several for standbys. Needs DATABASE_URL. PROJECTIONS and
// REACTORS (comma-separated names) choose what this process runs: with either set, only the named
// ones (none of the other kind unless it is set too).
import { asyncProjections, reactors as allReactors } from '../../projections/registry';
import { startReactors } from '../../projections/reactors/runner';
import { startProjector } from '../../projections/runner';
import { createPublisher } from '../shared/live';
import { openService, stopOnSignal } from '../shared/service';

const { log, sql, store } = await openService('projector', 10);
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
stopOnSignal(sql, () => Promise.all([projector.stop(), reactorRunner.stop()]));
