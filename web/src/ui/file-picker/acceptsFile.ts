/** Whether a file fits an `accept` list like "image/png,image/*,.pdf". Rules: no list (or an empty
 * one) accepts all; `.ext` matches the name's end, case-insensitive; `type/*` matches the MIME
 * family; `type/sub` the exact MIME type; a file whose browser MIME type is unknown ('') passes
 * MIME tokens — the server decides from the bytes anyway. */
export function acceptsFile(file: Pick<File, 'name' | 'type'>, accept: string | undefined): boolean {
  const tokens = (accept ?? '')
    .split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return tokens.some((token) => {
    if (token.startsWith('.')) return name.endsWith(token);
    if (type === '') return true;
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}
