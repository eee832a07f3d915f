// Text rules used on both sides. Pure: the web imports this file as it is.

/** Text for matching, so a search forgives case, accents and spacing: lower case, accents and
 * other marks removed, runs of spaces collapsed, ends trimmed ('  Cañón   336 ' → 'canon 336').
 * Menu search and select search use it; the server's list search does the same in SQL
 * (unaccent_lower, migrations/0006_search_and_settings.sql). */
export function normalizeText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * An attachment header every browser understands (RFC 6266): a plain ASCII filename with accents
 * stripped and quotes, backslashes and other non-ASCII characters replaced by '_' for old
 * clients, and the exact UTF-8 name percent-encoded (RFC 5987). An empty name becomes `fallback`.
 */
export function contentDisposition(fileName: string, fallback = 'archivo'): string {
  const name = fileName || fallback;
  const ascii = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
