/** One-line JSON logs on stderr: greppable by request id, readable by any collector. */
export type Logger = {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
};

export function createLogger(base: Record<string, unknown> = {}, quiet = process.env.LOG_LEVEL === 'silent'): Logger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) => {
    if (quiet && level !== 'error') return;
    process.stderr.write(`${JSON.stringify({ t: new Date().toISOString(), level, msg, ...base, ...fields })}\n`);
  };
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, quiet),
  };
}
