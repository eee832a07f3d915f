// The probe reactor in a process of its own, against DATABASE_URL, for the kill and standby tests.
// PROBE_BATCH sets its batch size. Prints "active" when it holds the reactor's lock.
import { createEventStore } from '../../../events/store';
import { createSql } from '../../../services/shared/db';
import { startReactors } from '../runner';
import { probeReactor } from './probe';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL es obligatorio');
const sql = createSql(url, { max: 4, applicationName: 'faena-reactor-probe' });
const store = createEventStore(sql, { inlineProjections: [] });
const runner = await startReactors(sql, store, [probeReactor(Number(process.env.PROBE_BATCH ?? 100))], {
  pollMs: 100,
  log: (m) => process.stdout.write(`${m}\n`),
});
process.on('SIGTERM', () => void (async () => {
  await runner.stop();
  await sql.end({ timeout: 3 });
  process.exit(0);
})());
process.stdout.write('started\n');
