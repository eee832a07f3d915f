import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { fetchOk } from '../api/client';
import { accounts, useAccounts } from '../session/accounts';
import type { PublicSettings as CompanyBrand } from '@shared/contracts/admin';

export type { CompanyBrand };

/** What the frame shows of the company (`GET /settings/public`, any signed-in user). Pictures are
 * the addresses the server sends (`/uploads/{name}`) or null. */

/** The query key the settings screen invalidates after a save. */
export const companyBrandKey = ['settings', 'public'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The reply's item read defensively: missing or odd fields become '' / null. */
export function readCompanyBrand(item: unknown): CompanyBrand {
  const raw = typeof item === 'object' && item !== null ? (item as Record<string, unknown>) : {};
  const interval = typeof raw.interval === 'number' ? raw.interval : Number(raw.interval);
  return {
    brand: text(raw.brand),
    name: text(raw.name),
    coin: text(raw.coin),
    interval: raw.interval !== null && raw.interval !== '' && Number.isFinite(interval) ? interval : null,
    pic_logo: text(raw.pic_logo) || null,
    pic_favicon: text(raw.pic_favicon) || null,
  };
}

/** The company's brand, name, logo and favicon for the frame; only while an account is signed in.
 * Kept five minutes; the settings screen refreshes it on save. */
export function useCompanyBrand() {
  const { current } = useAccounts();
  return useQuery({
    queryKey: companyBrandKey,
    queryFn: async () => readCompanyBrand((await fetchOk<{ item?: unknown }>('GET', '/settings/public')).item),
    enabled: current !== null && accounts.token() !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Every mounted user of the favicon (Brand may be on screen twice: toolbar and drawer) claims it
 * with its own blob URL; the latest live claim is shown, so a URL revoked by an unmounted Brand is
 * never left in the page. With no claim left the page's own icon comes back. */
const claims = new Map<symbol, string>();
const MARK = 'data-faena-favicon';

function applyFavicon() {
  const url = [...claims.values()].at(-1);
  let link = document.head.querySelector<HTMLLinkElement>(`link[${MARK}]`);
  if (!url) {
    link?.remove();
    return;
  }
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    link.setAttribute(MARK, '');
    document.head.appendChild(link);
  }
  if (link.href !== url) link.href = url;
}

/** Sets `<link rel="icon">` to `url` while mounted (nothing when url is null). */
export function useDocumentFavicon(url: string | null) {
  useEffect(() => {
    if (!url) return;
    const key = Symbol('favicon');
    claims.set(key, url);
    applyFavicon();
    return () => {
      claims.delete(key);
      applyFavicon();
    };
  }, [url]);
}
