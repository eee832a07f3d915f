import type { MiddlewareHandler } from 'hono';

/** The web app's policy: its own scripts only (no inline script, no eval), its own styles, images
 * from itself or made in the page (uploads are shown through blob: URLs, small icons as data:),
 * requests and the socket to itself, never framed (docs/DECISIONS.md, "Security headers"). */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** API replies are data and files, never pages that run anything: no script at all. The HTML
 * export styles itself inline and may show inline images. */
export const API_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The API reference page (/api/docs): its own scripts only, like the web app; Scalar sets styles
 * from script, so inline styles are allowed there (never inline scripts). */
export const DOCS_CSP = PAGE_CSP.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'");

/** Security headers on every response, pages and API alike (issue 13 §7). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const path = c.req.path;
    headers.set('content-security-policy', path === '/api/docs' || path.startsWith('/api/docs/') ? DOCS_CSP : path.startsWith('/api/') || path === '/api' ? API_CSP : PAGE_CSP);
    headers.set('x-content-type-options', 'nosniff');
    headers.set('referrer-policy', 'same-origin');
    headers.set('x-frame-options', 'DENY');
  };
}
