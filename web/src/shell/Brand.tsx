import { Link } from '@tanstack/react-router';

type BrandProps = {
  /** Mark only (folded navbar). */
  compact?: boolean;
  /** Text colour class of the name, to suit the bar it sits on. */
  textClass?: string;
  focusClass?: string;
};

/** The Faena mark and name; links to the start page. */
export function Brand({ compact = false, textClass = 'text-white', focusClass = '' }: BrandProps) {
  return (
    <Link to="/" aria-label="Faena, ir al inicio" className={`flex min-w-0 items-center gap-2.5 rounded-lg ${focusClass}`}>
      <svg viewBox="0 0 32 32" className="size-8 shrink-0" aria-hidden focusable="false">
        <rect width="32" height="32" rx="8" className="fill-teal-500" />
        <path d="M10 8h13v3.6h-8.8v3.5h7.4v3.5h-7.4V24H10z" className="fill-white" />
        <path d="M19.5 20.5h3.5V24h-3.5z" className="fill-amber-300" />
      </svg>
      {compact ? null : <span className={`truncate text-lg font-bold tracking-tight ${textClass}`}>Faena</span>}
    </Link>
  );
}
