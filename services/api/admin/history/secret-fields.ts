/** Keys never shown, whatever event or state carries them: secrets and their hashes (a
 * SessionOpened carries its token's hash; password hashes never reach the log, but a key of that
 * name is hidden all the same). */
const SECRET = /^(token|token_hash|password|password_hash|secret|.*_secret|.*_token)$/i;

export function isSecretField(field: string): boolean {
  return SECRET.test(field);
}
