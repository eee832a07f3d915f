const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const EMAIL = /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/;
const HOST = /^[^\s/?#]+\.[^\s/?#]+([/?#]\S*)?$/;

/** What the link dialog makes of the typed address, as the server keeps it (absolute http(s)
 * and mailto links only). Rules: blank → '' (remove the link); `http:`/`https:`/`mailto:` pass
 * as typed; any other scheme → null (refused); an e-mail address → `mailto:…`; `www.x.com/…` or
 * `x.com` → `https://…`; anything else (spaces, a bare word, a relative path) → null. */
export function normalizeLinkHref(input: string): string | null {
  const value = input.trim();
  if (value === '') return '';
  const scheme = SCHEME.exec(value)?.[1].toLowerCase();
  if (scheme === 'mailto') return EMAIL.test(value.slice(7).split('?')[0]) ? value : null;
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(value);
      return url.hostname.includes('.') || url.hostname === 'localhost' ? value : null;
    } catch {
      return null;
    }
  }
  if (EMAIL.test(value)) return `mailto:${value}`;
  // 'example.com:8080/x' reads as a scheme to the pattern above: only host:port goes on.
  if (scheme && !/^[^\s:/]+:\d+([/?#]|$)/.test(value)) return null;
  if (value.startsWith('//')) return null;
  return HOST.test(value) ? `https://${value}` : null;
}
