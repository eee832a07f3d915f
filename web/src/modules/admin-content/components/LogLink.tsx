import { useRouter } from '@tanstack/react-router';
import type { MouseEvent, ReactNode } from 'react';
import { isInternalHref } from '../internal/logSentence';

const LINK = 'rounded-sm font-medium text-teal-700 underline decoration-teal-700/30 underline-offset-2 hover:decoration-teal-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-teal-600';

/** A link of a log line (already made safe with `safeHref`). An address inside the app
 * (`/users?query=Ana`) opens through the router, like any menu link; modified clicks (new tab…)
 * stay with the browser. An outside address opens in a new tab. */
export function LogLink({ href, children }: { href: string; children: ReactNode }) {
  const router = useRouter();
  if (!isInternalHref(href)) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={LINK}>
        {children}
      </a>
    );
  }
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    router.history.push(href);
  }
  return (
    <a href={href} onClick={onClick} className={LINK}>
      {children}
    </a>
  );
}
