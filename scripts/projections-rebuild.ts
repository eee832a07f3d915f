// npm run projections:rebuild [name…]: replays projections from the start of the log, with a
// progress bar and the events/s rate. Without names: every projection.
import { rebuildProjection, type RebuildProgress } from '../projections/rebuild';
import { asyncProjections, inlineProjections } from '../projections/registry';
import { runOnStore } from './store-command';

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

await runOnStore('rebuild', async (store, sql) => {
  for (const { p, kind } of chosen) {
    const r = await rebuildProjection(sql, store, p, kind, bar);
    if (process.stderr.isTTY) process.stderr.write('\n');
    process.stdout.write(
      `${r.projection}: ${r.events} eventos leídos, ${r.applied} aplicados en ${(r.elapsedMs / 1000).toFixed(2)} s (${Math.round(r.eventsPerSecond)} eventos/s)\n`,
    );
  }
}, (error) => `\nNo se pudo reconstruir: ${error.message}\n`);
