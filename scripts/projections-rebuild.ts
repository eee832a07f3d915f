// npm run projections:rebuild [name…]: replays projections from the start of the log, with a
// progress bar and the events/s rate. Without names: every projection.
import { createEventStore } from '../events/store';
import { rebuildProjection, type RebuildProgress } from '../projections/rebuild';
import { asyncProjections, inlineProjections } from '../projections/registry';
import { migrate } from '../migrations/migrate';
import { createSql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

const names = process.argv.slice(2);
const all = [
  ...inlineProjections.map((p) => ({ p, kind: 'inline' as const })),
  ...asyncProjections.map((p) => ({ p, kind: 'async' as const })),
];
const unknown = names.filter((n) => !all.some((x) => x.p.name === n));
if (unknown.length) {
  process.stderr.write(`Proyección desconocida: ${unknown.join(', ')}. Disponibles: ${all.map((x) => x.p.name).join(', ')}\n`);
  process.exit(2);
}
const chosen = names.length ? all.filter((x) => names.includes(x.p.name)) : all;

function bar(p: RebuildProgress) {
  const width = 30;
  const ratio = p.total ? Math.min(1, p.events / p.total) : 1;
  const filled = Math.round(ratio * width);
  const rate = Math.round(p.events / Math.max(p.elapsedMs / 1000, 0.001));
  const line = `${p.projection.padEnd(14)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${p.events}/${p.total} eventos  ${rate} ev/s`;
  process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
}

const db = await cliDatabase();
const sql = createSql(db.url, { max: 4, applicationName: 'faena-rebuild' });
let code = 0;
try {
  await migrate(sql);
  const store = createEventStore(sql, { inlineProjections, notify: false });
  for (const { p, kind } of chosen) {
    const r = await rebuildProjection(sql, store, p, kind, bar);
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(
      `${r.projection}: ${r.events} eventos leídos, ${r.applied} aplicados en ${(r.elapsedMs / 1000).toFixed(2)} s (${Math.round(r.eventsPerSecond)} eventos/s)\n`,
    );
  }
} catch (error) {
  process.stderr.write(`\nNo se pudo reconstruir: ${(error as Error).message}\n`);
  code = 1;
} finally {
  await sql.end({ timeout: 3 });
  await db.stop();
}
process.exit(code);
