import type { CaptchaChallenge } from '@shared/contracts/auth';

export type { CaptchaChallenge };
/** The captcha challenge from GET /auth/captcha (ALTCHA v1 proof of work). */

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Finds the number whose SHA-256 with the salt is the challenge, and returns the base64 payload
 * the server verifies (`token_captcha`). Runs in the browser, no third-party service. */
export async function solveCaptcha(challenge: CaptchaChallenge, onProgress?: (ratio: number) => void): Promise<string> {
  const started = performance.now();
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if ((await sha256Hex(`${challenge.salt}${n}`)) === challenge.challenge) {
      const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: n, salt: challenge.salt, signature: challenge.signature, took: Math.round(performance.now() - started) };
      return btoa(JSON.stringify(payload));
    }
    if (n % 2000 === 0) onProgress?.(n / challenge.maxnumber);
  }
  throw new Error('No se pudo resolver el captcha');
}
