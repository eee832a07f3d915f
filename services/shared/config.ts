import { fileURLToPath } from 'node:url';

export const projectRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Process settings, all from the environment (README, "Configuration"). */
export type Config = {
  port: number;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  dataDir: string;
  webDir: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The external purchasing system; unset under `npm start`: the simulator is started for it. */
  sicamUrl: string | undefined;
  sicamToken: string | undefined;
  /** Seconds between two status pulls of the orders in SICAM (SICAM_POLL_SECONDS, default 60). */
  sicamPollSeconds: number;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Faena <no-reply@faena.local>',
    dataDir: env.FAENA_DATA_DIR ?? `${projectRoot}.data`,
    webDir: env.FAENA_WEB_DIR ?? `${projectRoot}web/dist`,
    logLevel: (env.LOG_LEVEL as Config['logLevel']) ?? 'info',
    sicamUrl: env.SICAM_URL || undefined,
    sicamToken: env.SICAM_TOKEN || undefined,
    sicamPollSeconds: Number(env.SICAM_POLL_SECONDS) > 0 ? Number(env.SICAM_POLL_SECONDS) : 60,
  };
}
