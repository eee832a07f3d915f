import { exportTimeZone } from '../../platform/export/exportTimeZone';

function isZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The zone the server shows times in: the `TZ` of the process when it names a valid IANA zone
 * (checked with Intl), else the product's zone, America/Lima (docs/DECISIONS.md, exports). */
export function serverTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const tz = env.TZ?.trim().replace(/^:/, '');
  return tz && tz.includes('/') && isZone(tz) ? tz : exportTimeZone;
}
