import { Link, type LinkProps } from '@tanstack/react-router';

/** The square back arrow at the start of a page's header ('Volver a obras'): icon only, so its
 * label is its accessible name; the arrow turns in right-to-left layouts. */
export function BackLink({ to, label }: { to: LinkProps['to']; label: string }) {
  return (
    <Link
      to={to}
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
      aria-label={label}
    >
      <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" className="size-4 rtl:rotate-180" aria-hidden="true">
        <path d="M12.5 4.5 7 10l5.5 5.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Link>
  );
}
