// The SICAM simulator as its own service (docker-compose, or `npm run start:sicam-sim`).
import { startSicamSim } from './server';

const server = await startSicamSim({
  port: Number(process.env.SICAM_SIM_PORT ?? process.env.PORT ?? 3900),
  host: process.env.SICAM_SIM_HOST ?? '0.0.0.0',
  dataFile: process.env.SICAM_SIM_DATA || undefined,
  token: process.env.SICAM_TOKEN || undefined,
  control: process.env.SICAM_SIM_CONTROL !== '0',
});
process.stdout.write(`Simulador de SICAM en ${server.url}\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
