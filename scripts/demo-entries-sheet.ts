// npx tsx scripts/demo-entries-sheet.ts: writes the Excel of central entries the demo ships
// (services/demo/stock-chain/ingresos-oc-demo.xlsx) from the demo's requests, on DATABASE_URL or
// the cluster of a running `npm start` with the demo loaded. Needed only when the demo's requests
// change: the demo's load refuses a file that no longer matches them.
import { writeFile } from 'node:fs/promises';
import { chainPlan, DEMO_ENTRIES_URL, sheetBytes, sheetRows } from '../services/demo/stock-chain/chain-plan';
import { createSql } from '../services/shared/db';
import { cliDatabase } from './cli-database';

const db = await cliDatabase();
const sql = createSql(db.url, { max: 1 });
try {
  const plan = await chainPlan(sql);
  if (!plan.some((r) => r.numero_orden)) throw new Error('La base no tiene las solicitudes del demo');
  const rows = sheetRows(plan);
  await writeFile(DEMO_ENTRIES_URL, await sheetBytes(rows));
  process.stdout.write(`${rows.length} filas de ${plan.length} solicitudes escritas en ${DEMO_ENTRIES_URL.pathname}\n`);
} finally {
  await sql.end();
  await db.stop();
}
